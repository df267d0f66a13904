import { z } from "zod";
import { emailRule } from "~/lib/field-rules";

import type { OpeningHoursRow, WeeklyHours } from "./opening-hours";

/** "HH:MM" on the whole or half hour. */
const HALF_HOUR = /^([01]\d|2[0-3]):(00|30)$/;

const DayHoursSchema = z
  .object({ open: z.string().regex(HALF_HOUR), close: z.string().regex(HALF_HOUR) })
  .refine((day) => day.open < day.close, "A day opens before it closes")
  .nullable();

export const WeeklyHoursSchema = z.object({
  mon: DayHoursSchema,
  tue: DayHoursSchema,
  wed: DayHoursSchema,
  thu: DayHoursSchema,
  fri: DayHoursSchema,
  sat: DayHoursSchema,
  sun: DayHoursSchema,
}) satisfies z.ZodType<WeeklyHours>;

export const ClosedDatesSchema = z.array(
  z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), label: z.string().max(100) }),
);

/** The business's own facts, edited in the settings screen and read live by every page and rule. */
export const BusinessProfileSchema = z.object({
  name: z.string().trim().min(1, "Business name is required"),
  phone: z.string().trim().min(6, "Phone is required"),
  email: emailRule({
    required: "Enter a valid email address",
    invalid: "Enter a valid email address",
  }),
  address: z.string().trim().min(1, "Address is required"),
  abn: z
    .string()
    .trim()
    .refine((value) => /^\d{11}$/.test(value.replace(/\s/g, "")), "ABN must be exactly 11 digits"),
  /** The hours bookings must fit in, and the public site's hours text (docs/decisions/0040-business-hours-bound-bookings.md). */
  weeklyHours: WeeklyHoursSchema,
  /** Dates closed whatever the weekday, such as public holidays. */
  closedDates: ClosedDatesSchema,
  hourlyRateCents: z.number().int().positive(),
  /**
   * The WhatsApp (mobile) number the chat button opens, or "" for none: then the button offers
   * the phone and the contact form (WhatsApp does not answer on a landline).
   */
  whatsappNumber: z.string().trim(),
  /** Postcodes of the service area; empty means the Greater Sydney suburbs. */
  serviceAreaPostcodes: z.array(z.string().regex(/^\d{4}$/)),
  cleanerPayRateCents: z.number().int().positive(),
  offerResponseHours: z.number().int().min(1).max(168),
  /** How long an unpaid online booking holds its slot (docs/decisions/0048-unpaid-booking-holds.md) */
  unpaidHoldHours: z.number().int().min(1).max(168),
  /**
   * Minutes a cleaner is kept free after each job to reach the next one: every hold runs on by
   * this much (docs/decisions/0060-crews-and-cleaner-holds.md)
   */
  travelMinutes: z.number().int().min(0).max(180),
  /** Each open seat of a new booking is offered to the best free cleaner by itself (docs/decisions/0064-automatic-offers.md) */
  autoOffers: z.boolean(),
  /** How long an automatic offer waits for an answer before the next cleaner is asked */
  autoOfferWaitMinutes: z.number().int().min(15).max(1440),
  /** A seat whose staff offer is declined, expires or is withdrawn goes back into the chain */
  autoOfferReleasedSeats: z.boolean(),
});

export type BusinessProfile = z.infer<typeof BusinessProfileSchema>;

/**
 * settings.business_profile as stored: any subset of the fields (an older profile lacks newer
 * ones, which take their defaults). A stored value that does not fit gives the defaults.
 */
export const StoredBusinessProfileSchema = BusinessProfileSchema.partial();
/** The hours as the public site prints them, one row per run of days. */
export type OpeningHours = OpeningHoursRow[];

// The defaults live in a zod-free module, so the public pages' browser bundle gets
// them without the schema library; server code may keep importing them from here.
export { DEFAULT_BUSINESS_PROFILE } from "./business-profile-defaults";
