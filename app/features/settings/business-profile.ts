import { z } from "zod";
import { emailRule } from "~/lib/field-rules";

export const OpeningHoursSchema = z.array(
  z.object({ days: z.string().min(1), hours: z.string().min(1) }),
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
  openingHours: OpeningHoursSchema,
  hourlyRateCents: z.number().int().positive(),
  /**
   * The WhatsApp (mobile) number the chat button opens, or "" for none: then the button offers
   * the phone and the contact form (WhatsApp does not answer on a landline).
   */
  whatsappNumber: z.string().trim(),
  /** Postcodes of the service area; empty means the Greater Sydney suburbs. */
  serviceAreaPostcodes: z.array(z.string().regex(/^\d{4}$/)),
  bookingsPerSlot: z.number().int().min(1).max(50),
  cleanerPayRateCents: z.number().int().positive(),
  offerResponseHours: z.number().int().min(1).max(168),
  /** How long an unpaid online booking holds its slot (docs/decisions/0048-unpaid-booking-holds.md) */
  unpaidHoldHours: z.number().int().min(1).max(168),
});

export type BusinessProfile = z.infer<typeof BusinessProfileSchema>;

/**
 * settings.business_profile as stored: any subset of the fields (an older profile lacks newer
 * ones, which take their defaults). A stored value that does not fit gives the defaults.
 */
export const StoredBusinessProfileSchema = BusinessProfileSchema.partial();
export type OpeningHours = z.infer<typeof OpeningHoursSchema>;

// The defaults live in a zod-free module, so the public pages' browser bundle gets
// them without the schema library; server code may keep importing them from here.
export { DEFAULT_BUSINESS_PROFILE } from "./business-profile-defaults";
