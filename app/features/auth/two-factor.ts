// What the settings screen knows about one staff member's two-factor authentication, and its
// texts. Shared by the server (which fills it) and the Security section (which shows it).

import { z } from "zod";
import { PASSWORD_MAX } from "./auth.schema";

export type TwoFactorState = {
  enabled: boolean;
  recoveryCodesLeft: number;
  /** Set while an enrolment waits for its first code. */
  pending: { qrCode: string; secret: string; issuer: string; account: string } | null;
};

export const TWO_FACTOR_TEXT = {
  wrongCode: "That code did not match. Enter the code your app shows now.",
  wrongCredential: "That password or code is not right.",
  disabled: "Two-factor authentication is now off.",
  enabled: "Two-factor authentication is now on.",
  codesChange: "Codes change every 30 seconds.",
  checkCredential: "Check it and try again.",
  notPending: "Start the set-up again: the previous one was finished or cancelled.",
} as const;

/** Where a member without two-factor sign-in is sent when the business requires it. */
export const TWO_FACTOR_SETUP_PATH = "/admin/account?two-factor=required";
export const TWO_FACTOR_REQUIRED_TEXT = {
  /** On Your account, above the set-up. */
  notice: "This business requires two-factor sign-in. Set it up below to use the back office.",
  /** A post refused elsewhere in the back office. */
  refused: "This business requires two-factor sign-in. Set it up on Your account first.",
} as const;

/** The set-up's first code; the service strips spaces and checks it against the secret. */
export const TwoFactorConfirmSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, "Enter the 6-digit code the app shows")
    .max(16, TWO_FACTOR_TEXT.wrongCode),
});

/** Turning two-factor off: the password, a current code or a recovery code. */
export const TwoFactorDisableSchema = z.object({
  credential: z
    .string()
    .min(1, "Enter your password or an authentication code")
    .max(PASSWORD_MAX, TWO_FACTOR_TEXT.wrongCredential),
});
