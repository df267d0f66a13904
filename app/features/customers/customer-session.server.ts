import {
  CUSTOMER_SESSION_MAX_AGE_SECONDS,
  endCustomerSession,
  findCustomerSessionUser,
} from "~/features/auth/customer-sessions.service.server";
import type { AppContext } from "~/server/context";
import { customerSessionCookie, readCustomerSessionToken } from "~/server/session.server";
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
      const token = await readCustomerSessionToken(request, context.config);
      const customerId = await findCustomerSessionUser(context.db, token);
      if (!customerId) return null;
      return (await findCustomerById(context.db, customerId)) ?? null;
    })();
    lookups.set(request, lookup);
  }
  return lookup;
}

/** Ends the request's customer session; returns the Set-Cookie header that clears the cookie. */
export async function signOutCustomer(request: Request, context: Context) {
  const token = await readCustomerSessionToken(request, context.config);
  await endCustomerSession(context.db, token);
  return customerSessionCookie(context.config).serialize("", { maxAge: 0 });
}

/** The Set-Cookie header of a new customer session. */
export function customerSessionHeader(context: Pick<AppContext, "config">, token: string) {
  return customerSessionCookie(context.config).serialize(token, {
    maxAge: CUSTOMER_SESSION_MAX_AGE_SECONDS,
  });
}

/** Personal pages are for their owner only: never stored by a browser or shared cache. */
export const PRIVATE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
} as const;
