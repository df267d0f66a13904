import { z } from "zod";
import { emailRule, isSingleLine } from "~/lib/field-rules";

// The sign-in texts. docs/decisions/0002-staff-accounts-and-sessions.md: wrong credentials never say which half was wrong.
export const SIGN_IN_TEXT = {
  invalidCredentials: "Invalid email or password",
  throttled: "Too many sign-in attempts. Please wait 15 minutes and try again.",
  invalidCode: "That code did not work. Check your authenticator app and try again.",
  codeExpired: "Your sign-in timed out. Please enter your email and password again.",
  busy: "Sign-in is busy right now. Please try again in a moment.",
} as const;

/** Passwords are long enough to resist guessing; the cap keeps one request's hashing bounded. */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 1024;

export const SignInSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Enter your email address")
    .max(254, "Enter a valid email address"),
  password: z
    .string()
    .min(1, "Enter your password")
    .max(PASSWORD_MAX, SIGN_IN_TEXT.invalidCredentials),
  redirectTo: z.string().optional(),
});

/** A 6-digit authenticator code or a recovery code ("K7QD2-MX9PA"); spaces are forgiven. */
export const SecondFactorSchema = z.object({
  code: z
    .string()
    .transform((value) => value.replace(/\s+/g, ""))
    .pipe(z.string().min(1, "Enter the code").max(32, SIGN_IN_TEXT.invalidCode)),
  redirectTo: z.string().optional(),
});

export const StaffAccountSchema = z.object({
  /** Optional: a new account without one is called "Administrator"; an existing one keeps its own. */
  name: z
    .string()
    .trim()
    .max(100, "Keep the name under 100 characters")
    .refine(isSingleLine, "Use plain text on one line for the name")
    .optional()
    .transform((value) => value || undefined),
  email: emailRule({
    required: "Enter a valid email address",
    invalid: "Enter a valid email address",
  }).transform((email) => email.toLowerCase()),
  password: z
    .string()
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
});

export type StaffAccountInput = z.input<typeof StaffAccountSchema>;

/** Emails are kept and compared trimmed and lower-cased. */
export function normaliseEmail(email: string) {
  return email.trim().toLowerCase();
}
