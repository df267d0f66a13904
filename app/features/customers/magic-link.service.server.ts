import type { Kysely } from "kysely";
import { isBookingReference } from "~/features/bookings/booking-reference";
import {
  afterThisAnswer,
  allowMagicLinkRequest,
  emailLimitKey,
  LINKS_PER_EMAIL_PER_HOUR,
  magicLinkState as linkState,
  signInWithLink,
  storeMagicLink,
  type LinkRequestResult,
} from "~/features/auth/magic-links.service.server";
import {
  CUSTOMER_SESSIONS,
  type SessionDeps,
  type SessionRequest,
} from "~/features/auth/sessions.service.server";
import { renderEmail } from "~/features/outbox/email/render-email";
import { enqueueEmail } from "~/features/outbox/outbox.service.server";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { sha256 } from "~/lib/crypto.server";
import { parseValues } from "~/lib/forms";
import { isReference, newId } from "~/lib/ids";
import { CUSTOMER_REDIRECTS, safeRedirect } from "~/lib/safe-redirect";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { AppConfig } from "~/server/config.server";
import type { Database } from "~/server/database";
import { MAGIC_LINK_EMAIL } from "./customer-copy";
import { SignInRequestSchema } from "./customer-account.schema";
import {
  findBookingByReference,
  findCustomerByEmail,
  findCustomerById,
} from "./customers.repository.server";

// Customer sign-in by magic link (docs/decisions/0012-real-customer-data.md, docs/decisions/0017-outbound-email.md,
// docs/decisions/0026-abuse-protection.md). A link is single-use and valid 15 minutes; only its
// token's SHA-256 is stored (the shared machinery: app/features/auth/magic-links.service.server.ts).
// Only emails of existing customers (made at their first booking) get one, and every answer
// reads the same, so the form does not tell who our customers are.

export { LINKS_PER_EMAIL_PER_HOUR };

export type MagicLinkDeps = {
  db: Kysely<Database>;
  config: Pick<AppConfig, "publicUrl" | "RATE_LIMITS">;
};

export type MagicLinkRequestResult = LinkRequestResult;

/**
 * Asks for a sign-in link. "sent" is the answer for a known and an unknown email alike; only a
 * known one stores a token and enqueues the email, in one transaction, and that work starts only
 * after this answer: a known email answered measurably slower than an unknown one, which told a
 * stranger who our customers are.
 */
export async function requestMagicLink(
  deps: MagicLinkDeps,
  rawInput: unknown,
  request: { ip: string; now?: Date },
): Promise<MagicLinkRequestResult> {
  const { db } = deps;
  const parsed = parseValues(rawInput, SignInRequestSchema);
  if (!parsed.ok) return { status: "invalid", fieldErrors: parsed.fieldErrors };
  const now = request.now ?? new Date();
  const email = parsed.value.email.toLowerCase();
  const allowed = await allowMagicLinkRequest(
    deps,
    request.ip,
    [[emailLimitKey("customer", email), LINKS_PER_EMAIL_PER_HOUR]],
    now,
  );
  if (!allowed) return { status: "limited" };

  const customer = await findCustomerByEmail(db, email);
  const redirectTo = safeRedirect(parsed.value.redirectTo, CUSTOMER_REDIRECTS);
  const delivery = customer
    ? afterThisAnswer(() => sendMagicLink(deps, customer, redirectTo, request.ip, now))
    : Promise.resolve();
  return { status: "sent", email: parsed.value.email, delivery };
}

export type BookingLinkRequestResult =
  { status: "sent"; delivery: Promise<void> } | { status: "limited" } | { status: "not-found" };

/**
 * "Email me a sign-in link" on a booking opened by its reference
 * (docs/decisions/0053-guest-booking-page.md): the link goes to the email the booking was made
 * with, never to an address the visitor types, and leads back to that booking. The visitor never
 * sees the address; the answer is "sent" whether or not a customer stands behind the booking,
 * and the link is made after the answer, as for the sign-in form. The booking's own count keeps
 * one reference from flooding an inbox; the customer's email shares the sign-in form's count.
 */
export async function requestMagicLinkForBooking(
  deps: MagicLinkDeps,
  reference: string | null,
  request: { ip: string; now?: Date },
): Promise<BookingLinkRequestResult> {
  const { db } = deps;
  if (!reference || !(isBookingReference(reference) || isReference(reference))) {
    return { status: "not-found" };
  }
  const booking = await findBookingByReference(db, reference);
  if (!booking) return { status: "not-found" };
  const now = request.now ?? new Date();
  const customer = booking.customer_id ? await findCustomerById(db, booking.customer_id) : null;
  const keys = [[`magic-link:booking:${sha256(booking.id)}`, LINKS_PER_EMAIL_PER_HOUR] as const];
  const emailKey =
    customer && ([emailLimitKey("customer", customer.email), LINKS_PER_EMAIL_PER_HOUR] as const);
  if (
    !(await allowMagicLinkRequest(deps, request.ip, emailKey ? [...keys, emailKey] : keys, now))
  ) {
    return { status: "limited" };
  }
  const redirectTo = `/bookings?ref=${encodeURIComponent(reference)}`;
  const delivery = customer
    ? afterThisAnswer(() => sendMagicLink(deps, customer, redirectTo, request.ip, now))
    : Promise.resolve();
  return { status: "sent", delivery };
}

async function sendMagicLink(
  { db, config }: MagicLinkDeps,
  customer: { id: string; email: string },
  redirectTo: string,
  ip: string,
  now: Date,
) {
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const { token, id } = await storeMagicLink(trx, { kind: "customer", ...customer }, now);
    const url = new URL("/sign-in/verify", config.publicUrl);
    url.searchParams.set("token", token);
    if (redirectTo !== CUSTOMER_REDIRECTS.home) url.searchParams.set("redirectTo", redirectTo);
    const profile = await getBusinessProfile(trx);
    const rendered = renderEmail(
      {
        heading: MAGIC_LINK_EMAIL.heading,
        paragraphs: [...MAGIC_LINK_EMAIL.paragraphs],
        action: { label: MAGIC_LINK_EMAIL.action, url: url.toString() },
      },
      profile,
    );
    await enqueueEmail(trx, {
      topic: "customer.magic_link",
      subjectType: "customer",
      subjectId: customer.id,
      to: customer.email,
      subject: MAGIC_LINK_EMAIL.subject(profile.name),
      html: rendered.html,
      text: rendered.text,
    });
    // Whoever typed the email is not known to be the customer until the link is used.
    await insertAuditEntry(trx, {
      id: newId(),
      actor_type: "visitor",
      actor_id: null,
      action: "customer.magic_link_sent",
      subject_type: "customer",
      subject_id: customer.id,
      details: JSON.stringify({ link: id }),
      ip: ip || null,
      created_at: at,
    });
  });
}

/** Whether a customer's link can still be used, without using it (the confirm page's GET). */
export function magicLinkState(db: Kysely<Database>, token: string, now = new Date()) {
  return linkState(db, "customer", token, now);
}

/** `cookie` is the Set-Cookie header of the new session. */
export type MagicLinkSignIn =
  | { status: "signed-in"; customerId: string; token: string; cookie: string }
  | { status: "invalid" };

/**
 * Uses a link (the confirm page's POST): claims it once, then starts a customer session with a
 * new token. A used, expired or unknown link starts nothing.
 */
export async function signInWithMagicLink(
  deps: SessionDeps,
  token: string,
  request: SessionRequest,
): Promise<MagicLinkSignIn> {
  const result = await signInWithLink(
    deps,
    { ...CUSTOMER_SESSIONS, kind: "customer" },
    token,
    request,
  );
  if (result.status !== "signed-in") return result;
  const { userId, ...session } = result;
  return { ...session, customerId: userId };
}
