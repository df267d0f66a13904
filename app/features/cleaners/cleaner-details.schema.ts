import { z } from "zod";
import { CONTROL_CHARACTER_MESSAGE, isBsb, isSingleLine } from "~/lib/field-rules";
import { AddCleanerSchema } from "./add-cleaner.schema";

// docs/decisions/0055-cleaner-edits-and-audit-log.md: the cleaner profile's two
// edit forms. Contact details and services keep the Add Cleaner form's rules
// (docs/product/back-office.md#validation-rules); bank details keep the application's
// (docs/product/back-office.md#cleaner-application-wizard: BSB 6 digits, account number up to 10).
// Shared by the forms (Conform) and the server.

const optionalLine = (max: number, tooLong: string) =>
  z.string().trim().max(max, tooLong).refine(isSingleLine, CONTROL_CHARACTER_MESSAGE).default("");

export const CleanerDetailsSchema = z.object({
  name: AddCleanerSchema.shape.name,
  email: AddCleanerSchema.shape.email,
  phone: AddCleanerSchema.shape.phone,
  location: AddCleanerSchema.shape.location,
  preferredAreas: optionalLine(200, "Please keep the preferred areas under 200 characters."),
  services: AddCleanerSchema.shape.services,
});

export type CleanerDetailsInput = z.output<typeof CleanerDetailsSchema>;
export type CleanerDetailsField = Extract<keyof z.input<typeof CleanerDetailsSchema>, string>;

export const BSB_MESSAGE = "BSB must be exactly 6 digits";
export const ACCOUNT_NUMBER_MESSAGE = "Account number must be up to 10 digits";

/**
 * The numbers are never shown back (docs/decisions/0011-encrypted-bank-details.md), so a blank
 * BSB or account number keeps the stored one; a typed one replaces it.
 */
export const CleanerBankSchema = z.object({
  bankName: optionalLine(100, "Please shorten the bank name."),
  accountName: optionalLine(100, "Please shorten the account name."),
  bsb: z
    .string()
    .trim()
    .refine((value) => value === "" || isBsb(value), BSB_MESSAGE)
    .transform((value) => value.replace(/[-\s]/g, ""))
    .default(""),
  accountNumber: z
    .string()
    .trim()
    .refine((value) => value === "" || /^\d{1,10}$/.test(value), ACCOUNT_NUMBER_MESSAGE)
    .default(""),
});

export type CleanerBankInput = z.output<typeof CleanerBankSchema>;
export type CleanerBankField = Extract<keyof z.input<typeof CleanerBankSchema>, string>;
