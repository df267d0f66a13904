import { redirect } from "react-router";
import { endSession } from "~/features/auth/sessions.service.server";
import type { AppContext } from "~/server/context";
import { clearSessionCookie, readSessionToken } from "~/server/session.server";
import { findCleanerOfSession, type SignedInCleaner } from "./cleaner-sign-in.service.server";

// The signed-in cleaner of a request (docs/decisions/0063-cleaner-app-sign-in.md): a live
// session of kind "cleaner", named by the cleaner cookie. Staff and customer cookies are other
// cookies and other kinds, so they open nothing here; the cleaner's opens nothing elsewhere.

type Context = Pick<AppContext, "db" | "config">;

export const CLEANER_SIGN_IN_PATH = "/cleaner/sign-in";

/** The app's pages are one person's: never stored by a browser's or a shared HTTP cache. */
export const CLEANER_PRIVATE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
} as const;

const lookups = new WeakMap<Request, Promise<SignedInCleaner | null>>();

/** The cleaner whose live session the request carries, or null (one lookup per request). */
export function findSignedInCleaner(request: Request, context: Context) {
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = readSessionToken(request, context.config, "cleaner").then((token) =>
      findCleanerOfSession(context.db, token),
    );
    lookups.set(request, lookup);
  }
  return lookup;
}

/** The signed-in cleaner, or a redirect to the app's sign-in page (it fails closed). */
export async function requireCleaner(request: Request, context: Context) {
  const cleaner = await findSignedInCleaner(request, context);
  if (!cleaner) throw redirect(CLEANER_SIGN_IN_PATH, { headers: CLEANER_PRIVATE_HEADERS });
  return cleaner;
}

/** Ends the request's cleaner session; returns the Set-Cookie header that clears the cookie. */
export async function signOutCleaner(request: Request, context: Context) {
  const token = await readSessionToken(request, context.config, "cleaner");
  await endSession(context.db, "cleaner", token);
  return clearSessionCookie(context.config, "cleaner");
}
