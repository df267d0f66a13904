// What the settings screen knows about one staff member's two-factor authentication, and its
// texts. Shared by the server (which fills it) and the Security section (which shows it).

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
  notPending: "Start the set-up again: the previous one was finished or cancelled.",
} as const;
