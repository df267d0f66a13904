import { createCookie, type Cookie } from "react-router";
import { z } from "zod";
import { sha256 } from "~/lib/crypto.server";
import type { AppConfig } from "~/server/config.server";

// Between a correct password and a correct second-factor code the visitor holds this, not a
// session: a signed, httpOnly cookie naming the staff member, which expires after 5 minutes
// (checked on the server from the signed value, not trusted to the browser's Max-Age). It grants
// nothing but the right to type a code, and codes are throttled like passwords.
export const PENDING_SIGN_IN_MS = 5 * 60 * 1000;
export const PENDING_COOKIE_NAME = "hg_2fa";

const PendingSchema = z.object({ staffId: z.string().min(1), expiresAt: z.number() });
export type PendingSignIn = z.infer<typeof PendingSchema>;

const cookies = new WeakMap<AppConfig, Cookie>();

function pendingCookie(config: AppConfig) {
  let cookie = cookies.get(config);
  if (!cookie) {
    cookie = createCookie(PENDING_COOKIE_NAME, {
      httpOnly: true,
      sameSite: "lax",
      secure: config.isProduction,
      path: "/admin",
      maxAge: PENDING_SIGN_IN_MS / 1000,
      // A key of its own, so a value signed for one cookie is never valid in the other.
      secrets: [sha256(`pending-sign-in:${config.sessionSecret}`)],
    });
    cookies.set(config, cookie);
  }
  return cookie;
}

export async function serializePendingSignIn(config: AppConfig, staffId: string, now = new Date()) {
  const value: PendingSignIn = { staffId, expiresAt: now.getTime() + PENDING_SIGN_IN_MS };
  return pendingCookie(config).serialize(value);
}

export async function clearPendingSignIn(config: AppConfig) {
  return pendingCookie(config).serialize("", { maxAge: 0 });
}

/** The pending sign-in the request carries, or null when it is missing, forged or expired. */
export async function readPendingSignIn(request: Request, config: AppConfig, now = new Date()) {
  const raw: unknown = await pendingCookie(config).parse(request.headers.get("cookie"));
  const parsed = PendingSchema.safeParse(raw);
  if (!parsed.success || parsed.data.expiresAt <= now.getTime()) return null;
  return parsed.data;
}
