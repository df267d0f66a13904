import { parsePhoneNumberFromString } from "libphonenumber-js";

// docs/decisions/0076-sms-beside-email.md: numbers are kept and compared in E.164, so
// "0412 345 678", "+61 412 345 678" and Twilio's "+61412345678" are one person.

/** An Australian mobile in E.164 ("+61412345678"), or null for anything that cannot take a text. */
export function australianMobileE164(value: string | null | undefined): string | null {
  if (!value) return null;
  const parsed = parsePhoneNumberFromString(value, "AU");
  if (!parsed || !parsed.isValid() || parsed.country !== "AU") return null;
  // Australian mobiles are the 4xx numbers; a landline cannot take a text.
  return /^\+614\d{8}$/.test(parsed.number) ? parsed.number : null;
}
