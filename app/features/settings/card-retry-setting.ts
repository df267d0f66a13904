import { z } from "zod";

// docs/decisions/0093-save-a-card-after-the-first-visit.md: how long after a declined saved-card
// charge it is tried again, once per number (docs/decisions/0074-saved-cards-and-off-session-charges.md).
// A key of its own beside the business profile. Client-safe: the form and the server read the
// same schema.

export const CARD_RETRY_HOURS_SETTING = "card_charge_retry_hours";
export const DEFAULT_CARD_RETRY_HOURS: readonly number[] = [24, 72];
export const CARD_RETRY_INTENT = "card-retries";
export const CARD_RETRY_SAVED = "Card payment settings saved.";

/** At most this many tries after the first, each at most two weeks after the one before. */
const MAX_RETRIES = 5;
const MAX_HOURS = 336;

const RETRY_MESSAGE = `Enter up to ${MAX_RETRIES} whole numbers of hours from 1 to ${MAX_HOURS}, separated by commas, like 24, 72`;

export const StoredCardRetryHoursSchema = z
  .array(z.number().int().min(1).max(MAX_HOURS))
  .min(1)
  .max(MAX_RETRIES);

export const CardRetryFormSchema = z.object({
  retryHours: z
    .string(RETRY_MESSAGE)
    .trim()
    .regex(/^\d{1,3}(\s*,\s*\d{1,3})*$/, RETRY_MESSAGE)
    .transform((value) => value.split(",").map((part) => Number(part.trim())))
    .pipe(
      z
        .array(z.number().int().min(1, RETRY_MESSAGE).max(MAX_HOURS, RETRY_MESSAGE))
        .max(MAX_RETRIES, RETRY_MESSAGE),
    ),
});

export type CardRetrySettings = z.output<typeof CardRetryFormSchema>;

/** The hours as the form shows them: "24, 72". */
export const formatRetryHours = (hours: readonly number[]) => hours.join(", ");
