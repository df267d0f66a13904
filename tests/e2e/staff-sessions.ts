import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { BrowserContext } from "@playwright/test";
import { createCookie } from "react-router";
import { hashPassword, setPasswordHashCost } from "../../app/features/auth/password.server";
import type { StaffRole } from "../../app/features/auth/permissions";
import { newSessionTimes } from "../../app/features/auth/sessions";
import { TEST_SCRYPT_LOG2_N } from "../helpers/built-server";
import { openServerDatabase } from "./server-database";

// The accounts made here are hashed at the tests' cost, as the test server's own are.
setPasswordHashCost(Number(TEST_SCRYPT_LOG2_N));

// Staff accounts and sessions written straight into the end-to-end server's database, as a
// sign-in would leave them (app/features/auth/sessions.service.server.ts startSession): the
// session row keeps the SHA-256 of a random token, and the browser gets the token in the
// hg_session cookie signed with the server's SESSION_SECRET (app/server/session.server.ts),
// which playwright.config.ts sets and hands to the tests as E2E_SESSION_SECRET. Tests that are
// about signing in still use the form; the rest start signed in, which spends no scrypt time on
// the server and no attempt of the sign-in throttle.

export type StaffAccount = {
  id: string;
  email: string;
  name: string;
  /** Signs in through the form: the stored hash is the real one of this password. */
  password: string;
  role: StaffRole;
};

export type StaffAccountOptions = {
  role?: StaffRole;
  /** Starts the email, so a failing test's rows are easy to find. */
  label?: string;
  name?: string;
  theme?: "light" | "dark" | "system";
};

/** A new active account with a random email and password, as an owner's invitation makes it. */
export async function createStaffAccount({
  role = "owner",
  label = role,
  name = `E2E ${label}`,
  theme = "system",
}: StaffAccountOptions = {}): Promise<StaffAccount> {
  const account: StaffAccount = {
    id: randomUUID(),
    email: `${label}-${randomBytes(4).toString("hex")}@example.com`,
    name,
    password: `pw-${randomBytes(9).toString("base64url")}`,
    role,
  };
  const at = new Date().toISOString();
  const passwordHash = await hashPassword(account.password);
  const db = openServerDatabase({ write: true });
  try {
    db.prepare(
      `insert into staff_users (id, email, name, password_hash, totp_enabled, theme, role,
         created_at, updated_at)
       values (?, ?, ?, ?, 0, ?, ?, ?, ?)`,
    ).run(account.id, account.email, account.name, passwordHash, theme, role, at, at);
  } finally {
    db.close();
  }
  return account;
}

function sessionSecret() {
  const secret = process.env.E2E_SESSION_SECRET;
  if (!secret)
    throw new Error(
      "E2E_SESSION_SECRET is unset: run the browser tests through playwright.config.ts",
    );
  return secret;
}

/**
 * A live session of `account` (or one already past its 7 days, with `expired`), as the value of
 * the hg_session cookie the server signs.
 */
export async function startStaffSession(
  account: Pick<StaffAccount, "id">,
  { expired = false } = {},
) {
  const token = randomBytes(32).toString("base64url");
  const times = newSessionTimes();
  if (expired) times.expires_at = "2000-01-01T00:00:00.000Z";
  const db = openServerDatabase({ write: true });
  try {
    db.prepare(
      `insert into sessions (id, kind, user_id, created_at, last_seen_at, expires_at)
       values (?, 'staff', ?, ?, ?, ?)`,
    ).run(
      createHash("sha256").update(token).digest("hex"),
      account.id,
      times.created_at,
      times.last_seen_at,
      times.expires_at,
    );
  } finally {
    db.close();
  }
  // The value exactly as the server's Set-Cookie carries it (signed, then URI-encoded).
  const header = await createCookie("hg_session", { secrets: [sessionSecret()] }).serialize(token);
  return header.slice("hg_session=".length, header.indexOf(";"));
}

/** A `cookie` request header carrying a new session of `account`. */
export async function sessionCookieHeader(
  account: Pick<StaffAccount, "id">,
  options: { expired?: boolean } = {},
) {
  return `hg_session=${await startStaffSession(account, options)}`;
}

/**
 * Signs the browser context in: as `who` when it is an account, else as a new account with that
 * role. Returns the account, whose password also works in the sign-in form.
 */
export async function signInAs(
  context: BrowserContext,
  baseURL: string,
  who: StaffRole | StaffAccount | StaffAccountOptions = "owner",
): Promise<StaffAccount> {
  const account =
    typeof who === "string"
      ? await createStaffAccount({ role: who })
      : "id" in who
        ? who
        : await createStaffAccount(who);
  await context.addCookies([
    {
      name: "hg_session",
      value: await startStaffSession(account),
      url: baseURL,
      httpOnly: true,
      sameSite: "Lax",
    },
  ]);
  return account;
}
