import { z } from "zod";
import {
  CONTROL_CHARACTER_MESSAGE,
  isPlainMultiLine,
  isSingleLine,
  MULTI_LINE_CONTROL_MESSAGE,
} from "~/lib/field-rules";
import { photoIdRule, photoUrlRule } from "./add-cleaner.schema";

// The public profile's fields as staff edit them (docs/decisions/0012-real-customer-data.md):
// about text, working hours, price per day (dollars, stored as cents) and photo. Shared by the
// profile's form and the server.

const PRICE_MESSAGE = "Please enter a price per day in dollars, like 280 or 280.50.";

export const PublicProfileEditSchema = z.object({
  about: z
    .string()
    .trim()
    .max(1000, "Please keep the about text under 1,000 characters.")
    .refine(isPlainMultiLine, MULTI_LINE_CONTROL_MESSAGE)
    .default(""),
  workingHours: z
    .string()
    .trim()
    .max(100, "Please keep the working hours under 100 characters.")
    .refine(isSingleLine, CONTROL_CHARACTER_MESSAGE)
    .default(""),
  pricePerDay: z
    .string()
    .trim()
    .refine(
      (value) => value === "" || (/^\d{1,5}(\.\d{1,2})?$/.test(value) && Number(value) > 0),
      PRICE_MESSAGE,
    )
    .default(""),
  photoUrl: photoUrlRule,
  photoId: photoIdRule,
  /** Ticked to remove the photo */
  removePhoto: z
    .enum(["on"])
    .optional()
    .transform((value) => value === "on"),
});

export type PublicProfileEdit = z.output<typeof PublicProfileEditSchema>;
export type PublicProfileEditField = Extract<keyof z.input<typeof PublicProfileEditSchema>, string>;

/** "280.5" -> 28050 cents; "" -> null. */
export function dollarsToCents(value: string) {
  if (value === "") return null;
  const [dollars, cents = ""] = value.split(".");
  return Number(dollars) * 100 + Number(cents.padEnd(2, "0"));
}

/** 28050 -> "280.50"; 28000 -> "280". */
export function centsToDollars(cents: number | null) {
  if (cents === null) return "";
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, "0")}`;
}
