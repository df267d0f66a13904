import { endSession, findLiveSession } from "~/features/auth/sessions.service.server";
import type { AppContext } from "~/server/context";
import { clearSessionCookie, readSessionToken } from "~/server/session.server";
import { findCustomerById } from "./customers.repository.server";

// The signed-in customer of a request (docs/decisions/0012-real-customer-data.md): a live customer session in the
// database, named by the customer cookie (separate from the staff cookie). Pages that show
// personal data read it and show a sign-in prompt without one; they never trust anything else.

type Context = Pick<AppContext, "db" | "config">;

export type SignedInCustomer = {
  id: string;
  email: string;
  name: string | null;
  phone: string | null;
};

const lookups = new WeakMap<Request, Promise<SignedInCustomer | null>>();

/** The customer whose live session the request carries, or null (one lookup per request). */
export function findSignedInCustomer(request: Request, context: Context) {
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = (async () => {
      const token = await readSessionToken(request, context.config, "customer");
      const session = await findLiveSession(context.db, "customer", token);
      if (!session) return null;
      return (await findCustomerById(context.db, session.user_id)) ?? null;
    })();
    lookups.set(request, lookup);
  }
  return lookup;
}

/** Ends the request's customer session; returns the Set-Cookie header that clears the cookie. */
export async function signOutCustomer(request: Request, context: Context) {
  const token = await readSessionToken(request, context.config, "customer");
  await endSession(context.db, "customer", token);
  return clearSessionCookie(context.config, "customer");
}

/** Personal pages are for their owner only: never stored by a browser or shared cache. */
export const PRIVATE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
} as const;
