import { z } from "zod";
import { isSingleLine } from "~/lib/field-rules";
import { PASSWORD_MAX, PASSWORD_MIN } from "./auth.schema";
import { STAFF_ROLES } from "./permissions";

// The Team screen's forms (owners only) and the invitation's sign-up form. Client-safe.

/** How long an invitation link works. */
export const INVITATION_HOURS = 48;

export const TEAM_TEXT = {
  invited: (email: string) => `Invitation sent to ${email}. The link works for 48 hours.`,
  alreadyMember: "This email already has an account. Change its role or reactivate it below.",
  roleChanged: (name: string, role: string) => `${name} is now ${role}.`,
  deactivated: (name: string) => `${name} can no longer sign in. Their sessions have ended.`,
  reactivated: (name: string) => `${name} can sign in again.`,
  lastOwner: "The business needs at least one active owner. Make someone else an owner first.",
  notFound: "That account no longer exists. Reload the page.",
  unknown: "Unknown request.",
  twoFactorRequired: "Two-factor sign-in is now required for the whole team.",
  twoFactorOptional: "Two-factor sign-in is no longer required.",
  invalidInvitation:
    "This invitation link has expired or has already been used. Ask an owner to invite you again.",
  emailTaken: "An account with this email already exists. Sign in instead.",
} as const;

const role = z.enum(STAFF_ROLES, { error: "Choose Staff or Owner" });

export const InviteFormSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, "Enter the email address to invite")
    .pipe(z.email("Enter a valid email address").max(254, "Enter a valid email address")),
  role,
});
export type InviteInput = z.input<typeof InviteFormSchema>;

/**
 * A role change happens only with `confirmed: "yes"`, which the confirmation dialog (or, before
 * JavaScript loads, the confirmation step) sends; without it the answer asks to confirm.
 */
export const ChangeRoleFormSchema = z.object({
  staffId: z.string().min(1).max(64),
  role,
  confirmed: z.literal("yes").optional(),
});

/** The Team screen's "Require two-factor sign-in" checkbox: "on" when ticked, absent when not. */
export const SignInPolicyFormSchema = z.object({
  requireTwoFactor: z.literal("on").optional(),
});

export const AccountStatusFormSchema = z.object({
  staffId: z.string().min(1).max(64),
});

/** The same password rules as `npm run admin:create` (StaffAccountSchema). */
export const AcceptInvitationSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Enter your name")
    .max(100, "Keep the name under 100 characters")
    .refine(isSingleLine, "Use plain text on one line for the name"),
  password: z
    .string()
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
});
export type AcceptInvitationInput = z.output<typeof AcceptInvitationSchema>;
