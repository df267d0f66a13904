import { z } from "zod";

// docs/decisions/0042-who-is-free-for-a-job.md: how many years a police check stays valid, a
// setting of its own (the key below), used to suggest a check's expiry when staff record it.
// Client-safe: the settings form and the server read the same schema.

/** How many years a check stays valid when the setting was never saved. */
export const DEFAULT_POLICE_CHECK_YEARS = 3;

export const POLICE_CHECK_YEARS_SETTING = "police_check_valid_years";
export const POLICE_CHECK_YEARS_INTENT = "police-check";

const YEARS_MESSAGE = "Police check validity must be a whole number of years from 1 to 10";

export const PoliceCheckYearsFormSchema = z.object({
  policeCheckYears: z
    .string(YEARS_MESSAGE)
    .trim()
    .regex(/^\d{1,2}$/, YEARS_MESSAGE)
    .transform(Number)
    .pipe(z.number().int().min(1, YEARS_MESSAGE).max(10, YEARS_MESSAGE)),
});

/** The stored value: a whole number of years. */
export const StoredPoliceCheckYearsSchema = z.number().int().min(1).max(10);

export const POLICE_CHECK_YEARS_SAVED = "Police check validity saved.";
