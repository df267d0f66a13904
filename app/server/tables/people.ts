import type { Generated, Insertable, Selectable } from "kysely";

// The people who sign in and their sessions (migrations 2026_11_22_0905, 2026_11_22_1000,
// 2026_11_24_0900, 2026_11_25_0900 and 2026_11_26_0951).

export interface StaffUsersTable {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  totp_secret_encrypted: string | null;
  /** Defaults to 0 */
  totp_enabled: Generated<number>;
  /** JSON list of SHA-256 hashes of unused recovery codes */
  recovery_codes: string | null;
  /** Defaults to "system" */
  theme: Generated<string>;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
  /**
   * "owner" or "staff" (app/features/auth/permissions.ts); accounts made before roles are owners.
   * Required on insert although the column defaults to "owner": a new account's role is always
   * chosen, never granted by omission.
   */
  role: string;
  /** Set when an owner deactivates the account: it can no longer sign in, its sessions are gone */
  deactivated_at: string | null;
  /** The last TOTP time step accepted, so no code is accepted twice */
  totp_last_step: number | null;
}

export type StaffUserRow = Selectable<StaffUsersTable>;
export type NewStaffUser = Insertable<StaffUsersTable>;

/** An owner's invitation to the back office (migration 2026_11_25_0900); one row per email. */
export interface StaffInvitationsTable {
  id: string;
  /** SHA-256 of the link's token */
  token_hash: string;
  email: string;
  /** The role the account will have: "owner" or "staff" */
  role: string;
  invited_by: string | null;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/**
 * A password reset link (migration 2026_11_26_0951), asked for by the member or sent by an owner;
 * docs/decisions/0045-password-changes-and-resets.md.
 */
export interface StaffPasswordResetsTable {
  id: string;
  /** SHA-256 of the link's token */
  token_hash: string;
  staff_id: string;
  /** The owner who sent it from the Team screen; null when the member asked for it */
  sent_by: string | null;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export type NewStaffPasswordReset = Insertable<StaffPasswordResetsTable>;

export type NewMagicLinkToken = Insertable<MagicLinkTokensTable>;

export type NewStaffInvitation = Insertable<StaffInvitationsTable>;

export interface CustomersTable {
  id: string;
  email: string;
  name: string | null;
  phone: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  /** SHA-256 of the cookie's token */
  id: string;
  /** docs/decisions/0063-cleaner-app-sign-in.md: cleaners sign in to their app with a kind of their own */
  kind: "staff" | "customer" | "cleaner";
  user_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
}

export type NewSession = Insertable<SessionsTable>;

export interface MagicLinkTokensTable {
  id: string;
  token_hash: string;
  email: string;
  customer_id: string | null;
  /** A cleaner's sign-in link instead (migration 2026_11_28_0920); a link names one of the two */
  cleaner_id: string | null;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}
