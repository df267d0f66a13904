import { z } from "zod";
import { PASSWORD_MAX, PASSWORD_MIN } from "./auth.schema";

// Changing and resetting a staff password (docs/decisions/0045-password-changes-and-resets.md):
// the forms, shared by the browser and the server, and their texts. Client-safe.

/** How long a reset link works. */
export const RESET_LINK_MINUTES = 30;

export const PASSWORD_TEXT = {
  resetRequested: (email: string) =>
    `Check your email. If ${email} has a staff account, a link to choose a new password is on its way. It works once, for ${RESET_LINK_MINUTES} minutes.`,
  resetLimited: "Too many reset requests. Please wait an hour and try again.",
  invalidLink:
    "This reset link has expired or has already been used. Ask for a new one from the sign-in screen.",
  resetDone: "Your password has been changed. Sign in with your new password.",
  changed: "Password changed. Your other sessions have been signed out.",
  wrongCurrent: "That password is not right.",
  mismatch: "The passwords do not match",
  resetSent: (email: string) =>
    `A password reset link was sent to ${email}. It works once, for ${RESET_LINK_MINUTES} minutes.`,
  resetNotActive: "That account is deactivated. Reactivate it before sending a reset link.",
} as const;

/** The same rules as every other password (StaffAccountSchema, AcceptInvitationSchema). */
const newPassword = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/** The new password, typed twice: a typo in a hidden field would otherwise lock its owner out. */
const twice = {
  password: newPassword,
  confirmPassword: z.string().max(PASSWORD_MAX, PASSWORD_TEXT.mismatch),
};

function sameTwice(value: { password: string; confirmPassword: string }, ctx: z.RefinementCtx) {
  if (value.password !== value.confirmPassword) {
    ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: PASSWORD_TEXT.mismatch });
  }
}

export const ForgotPasswordSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Enter your email address")
    .pipe(z.email("Enter a valid email address").max(254, "Enter a valid email address")),
});

export const ResetPasswordSchema = z.object(twice).superRefine(sameTwice);
export type ResetPasswordInput = z.output<typeof ResetPasswordSchema>;

export const ChangePasswordSchema = z
  .object({
    currentPassword: z
      .string()
      .min(1, "Enter your current password")
      .max(PASSWORD_MAX, PASSWORD_TEXT.wrongCurrent),
    ...twice,
  })
  .superRefine(sameTwice);
export type ChangePasswordInput = z.output<typeof ChangePasswordSchema>;

/** The Team screen's "Send password reset link" row action. */
export const SendResetFormSchema = z.object({
  staffId: z.string().min(1).max(64),
});
