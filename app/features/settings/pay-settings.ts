import { z } from "zod";

// Pay settings (docs/decisions/0080-pay-rules.md, 0082-aba-bank-file.md): the pay period, the
// weekend and public-holiday loadings, and the business's bank details an ABA file is written
// from. Client-safe: the settings form and the server read the same schema.

export const PAY_SETTINGS_KEY = "payroll";
export const PAY_SETTINGS_INTENT = "payroll";
export const PAY_SETTINGS_SAVED = "Pay settings saved.";

const percent = (label: string) => {
  const message = `${label} must be a whole percentage from 0 to 300`;
  return z
    .string(message)
    .trim()
    .regex(/^\d{1,3}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(0, message).max(300, message));
};

const digits = (count: number, message: string) =>
  z
    .string(message)
    .trim()
    .transform((value) => value.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(new RegExp(`^(\\d{${count}})?$`), message));

export const PaySettingsSchema = z.object({
  payPeriod: z.enum(["weekly", "fortnightly"], "Choose weekly or fortnightly"),
  saturdayLoadingPercent: z.number().int().min(0).max(300),
  sundayLoadingPercent: z.number().int().min(0).max(300),
  publicHolidayLoadingPercent: z.number().int().min(0).max(300),
  /** The account pay is sent from: "" until the owner enters it (no ABA file until then) */
  bankBsb: z.string(),
  bankAccount: z.string(),
  /** The bank's three-letter code in the ABA header, such as WBC or CBA */
  bankCode: z.string(),
  /** The user name the bank knows the business by (26 characters at most) */
  bankUserName: z.string(),
  /** The APCA user identification number the bank gave the business (6 digits) */
  apcaNumber: z.string(),
});

export type PaySettings = z.infer<typeof PaySettingsSchema>;

export const DEFAULT_PAY_SETTINGS: PaySettings = {
  payPeriod: "weekly",
  saturdayLoadingPercent: 0,
  sundayLoadingPercent: 0,
  publicHolidayLoadingPercent: 0,
  bankBsb: "",
  bankAccount: "",
  bankCode: "",
  bankUserName: "",
  apcaNumber: "",
};

export const PaySettingsFormSchema = z.object({
  payPeriod: z.enum(["weekly", "fortnightly"], "Choose weekly or fortnightly"),
  saturdayLoadingPercent: percent("Saturday loading"),
  sundayLoadingPercent: percent("Sunday loading"),
  publicHolidayLoadingPercent: percent("Public holiday loading"),
  bankBsb: digits(6, "BSB must be 6 digits"),
  bankAccount: z
    .string("Account number must be 5 to 9 digits")
    .trim()
    .regex(/^(\d{5,9})?$/, "Account number must be 5 to 9 digits"),
  bankCode: z
    .string("Bank code must be 3 letters, such as WBC")
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{3})?$/, "Bank code must be 3 letters, such as WBC"),
  bankUserName: z
    .string()
    .trim()
    .max(26, "User name must be 26 characters or fewer")
    .regex(/^[A-Za-z0-9 &'.,-]*$/, "User name may use letters, digits, spaces and & ' . , -"),
  apcaNumber: digits(6, "APCA number must be 6 digits"),
});

/** Whether the business's bank details are complete enough to write an ABA file. */
export function hasBankDetails(settings: PaySettings) {
  return Boolean(
    settings.bankBsb &&
    settings.bankAccount &&
    settings.bankCode &&
    settings.bankUserName &&
    settings.apcaNumber,
  );
}
