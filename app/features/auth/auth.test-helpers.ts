import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { Secret, TOTP } from "otpauth";
import { decryptField } from "~/lib/crypto.server";
import type { FailureKind } from "~/lib/result";
import { loadConfig, type AppConfig } from "~/server/config.server";
import type { Database } from "~/server/database";
import type { Kysely } from "kysely";
import { sessionCookie } from "~/server/session.server";
import { STAFF_SESSIONS, startSession, type SessionRequest } from "./sessions.service.server";

// Shared by the auth feature's tests: a configuration with fixed secrets, the Cookie header a
// browser would send, and the code an authenticator app would show.

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({
      APP_ENV: "test",
      DATA_DIR: path.join(os.tmpdir(), "hg-auth-tests"),
      SESSION_SECRET: "s".repeat(48),
      DATA_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      PUBLIC_URL: "https://harbour.example",
    }),
    ...overrides,
  };
}

export async function sessionCookieHeader(config: AppConfig, token: string) {
  const setCookie = await sessionCookie(config, "staff").serialize(token);
  return setCookie.split(";")[0]!;
}

/** The token of a new session for `staffId`, started the way a password sign-in starts one. */
export async function staffSessionToken(
  db: Kysely<Database>,
  config: AppConfig,
  staffId: string,
  request: SessionRequest = { ip: "203.0.113.9", userAgent: null, previousToken: null },
) {
  const session = await startSession({ db, config }, STAFF_SESSIONS, staffId, request, {
    method: "password",
  });
  return session.token;
}

export async function staffTotpSecret(db: Kysely<Database>, config: AppConfig, staffId: string) {
  const row = await db
    .selectFrom("staff_users")
    .select("totp_secret_encrypted")
    .where("id", "=", staffId)
    .executeTakeFirstOrThrow();
  return decryptField(config.dataEncryptionKey, row.totp_secret_encrypted!);
}

/** The code an authenticator app shows at `at` for this secret. */
export function codeAt(secretBase32: string, at: Date) {
  return TOTP.generate({ secret: Secret.fromBase32(secretBase32), timestamp: at.getTime() });
}

/**
 * How a sign-in step ended, in one word: the step it reached ("signed-in", "second-factor"), or
 * the kind of its refusal ("unauthenticated", "rate_limited", "unavailable").
 */
export function signInOutcome(
  result: { ok: true; step: string } | { ok: false; kind: FailureKind },
) {
  return result.ok ? result.step : result.kind;
}
