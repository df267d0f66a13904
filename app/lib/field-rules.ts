import { z } from "zod";
import { isAustralianPhone } from "./phone";

// Field rules written once, for every schema that asks for the same kind of value (zod refines
// take these predicates). Client-safe: the browser checks with the same rules.

/**
 * C0 and C1 control characters, DEL, and Unicode's line and paragraph separators. A name with a
 * CR/LF in it would print forged lines into the staff email ("Probe\r\nBcc: …"), so no single-line
 * field may hold one.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** The same, less tab, line feed and carriage return, which a multi-line message may hold. */
const CONTROL_CHARACTERS_BUT_LINES =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/;

export const CONTROL_CHARACTER_MESSAGE =
  "Please use plain text on one line, without special characters.";
export const MULTI_LINE_CONTROL_MESSAGE = "Please remove the special characters from this text.";

/** A name, an address, a suburb: text on one line with no control characters. */
export function isSingleLine(value: string) {
  return !CONTROL_CHARACTERS.test(value);
}

/** A message or notes: line breaks allowed, other control characters not. */
export function isPlainMultiLine(value: string) {
  return !CONTROL_CHARACTERS_BUT_LINES.test(value);
}

export { isAustralianPhone };
export const PHONE_EXAMPLE_MESSAGE = "Please enter a phone number we can call, like 0412 345 678.";

/** An Australian Business Number as typed: 11 digits, spaces allowed. */
export function isAbn(value: string) {
  return /^\d{11}$/.test(value.replace(/\s+/g, ""));
}

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/**
 * The ATO's check on an ABN: take 1 from the first digit, weigh the 11 digits by 10, 1, 3, 5 …
 * 19, and the sum is a multiple of 89. Catches a mistyped digit before it reaches a tax invoice.
 */
export function abnChecksumHolds(value: string) {
  const digits = value.replace(/\s+/g, "");
  if (!/^\d{11}$/.test(digits)) return false;
  const sum = [...digits].reduce(
    (total, digit, index) => total + (Number(digit) - (index === 0 ? 1 : 0)) * ABN_WEIGHTS[index]!,
    0,
  );
  return sum % 89 === 0;
}

/** A BSB: 6 digits, a hyphen or space allowed after the third. */
export function isBsb(value: string) {
  return /^\d{3}[-\s]?\d{3}$/.test(value.trim());
}

/** An Australian postcode: 4 digits. */
export function isPostcode(value: string) {
  return /^\d{4}$/.test(value.trim());
}

/** The longest address SMTP allows (RFC 5321 path limit less the brackets). */
export const EMAIL_MAX = 254;

/**
 * An email address, the one rule every form uses: trimmed, required, at most 254 characters and
 * of email form. Each form keeps its own spec wording: `required` for a blank field, `invalid`
 * for the rest (`tooLong` when the form words that case apart).
 */
export function emailRule(messages: { required: string; invalid: string; tooLong?: string }) {
  return z
    .string(messages.required)
    .trim()
    .min(1, messages.required)
    .max(EMAIL_MAX, messages.tooLong ?? messages.invalid)
    .pipe(z.email(messages.invalid));
}

/** The email rule's words on the public forms, where people give their own address. */
export const YOUR_EMAIL_MESSAGES = {
  required: "Please enter your email address.",
  tooLong: "Please check your email address.",
  invalid: "Please enter a valid email address, like name@example.com.",
};

/** A phone number people give for themselves on the public forms: required, Australian. */
export function yourPhoneRule() {
  return z
    .string("Please enter your phone number.")
    .trim()
    .min(1, "Please enter your phone number.")
    .max(30, "Please check your phone number.")
    .refine(isAustralianPhone, PHONE_EXAMPLE_MESSAGE);
}
