import { data, redirect } from "react-router";
import {
  answerLinkRequest,
  type LinkRequestAnswer,
} from "~/features/auth/magic-links.service.server";
import type { FormProblem } from "~/lib/forms";
import { failureStatus } from "~/lib/result";
import { CUSTOMER_REDIRECTS, safeRedirect } from "~/lib/safe-redirect";
import type { AppContext } from "~/server/context";
import { guardPublicForm, SAME_SITE_FORM, type PublicFormRules } from "~/server/public-form.server";
import { readSessionToken } from "~/server/session.server";
import { bookAgain } from "./book-again.service.server";
import {
  BOOK_AGAIN_INTENT,
  BOOKING_LINK_INTENT,
  BOOKING_TEXT,
  GUEST_BOOKING_TEXT,
  SIGN_IN_TEXT,
  VERIFY_TEXT,
} from "./customer-copy";
import { findSignedInCustomer, PRIVATE_HEADERS, signOutCustomer } from "./customer-session.server";
import {
  requestMagicLink,
  requestMagicLinkForBooking,
  signInWithMagicLink,
} from "./magic-link.service.server";
import { changeMyBooking } from "./my-bookings.service.server";
import { updateCustomerProfile } from "./profile.service.server";

// The actions of the customer account pages, so each route module stays one line: every one
// goes through the public-form guard first (a post from another site is refused before its body
// is read); the ones that change a customer's data also need a live customer session (the
// session, not a form field, says whose data it is).

type Context = Pick<AppContext, "db" | "config" | "clientIp" | "logger">;

/** Asking for a link: the honeypot here, the limits in requestMagicLink (per address and email). */
const SIGN_IN_FORM: PublicFormRules = { limit: "none", honeypot: true };

export type SignInActionData = LinkRequestAnswer;

/** /sign-in: asks for a link. Known and unknown emails get the same answer. */
export async function submitSignInRequest(request: Request, context: Context) {
  const { verdict, form } = await guardPublicForm(request, context, SIGN_IN_FORM);
  const input = { email: form.get("email") ?? "", redirectTo: form.get("redirectTo") ?? undefined };
  // The link is made after the answer, whatever the email (requestMagicLink says why).
  return answerLinkRequest(context, {
    email: String(input.email),
    bot: verdict === "bot",
    ask: () => requestMagicLink(context, input, { ip: context.clientIp }),
    text: SIGN_IN_TEXT,
    headers: PRIVATE_HEADERS,
  });
}

/** /sign-in/verify: the button on the link's page uses the link and starts the session. */
export async function confirmSignIn(request: Request, context: Context) {
  const { form } = await guardPublicForm(request, context, SAME_SITE_FORM);
  const token = form.get("token");
  const result = await signInWithMagicLink(context, typeof token === "string" ? token : "", {
    ip: context.clientIp,
    userAgent: request.headers.get("user-agent"),
    previousToken: await readSessionToken(request, context.config, "customer"),
  });
  if (result.status !== "signed-in") {
    return data({ error: VERIFY_TEXT.invalid }, { status: 410, headers: PRIVATE_HEADERS });
  }
  return redirect(safeRedirect(form.get("redirectTo"), CUSTOMER_REDIRECTS), {
    headers: {
      "Set-Cookie": result.cookie,
      ...PRIVATE_HEADERS,
    },
  });
}

/** Log Out on /profile: POST only, so a link or a prefetch never signs anyone out. */
export async function signOutAction(request: Request, context: Context) {
  await guardPublicForm(request, context, SAME_SITE_FORM);
  return redirect("/sign-in?signedOut=1", {
    headers: { "Set-Cookie": await signOutCustomer(request, context), ...PRIVATE_HEADERS },
  });
}

export type ProfileDetailsActionData = { saved: true } | FormProblem<"name" | "phone">;

/** /profile/details: the signed-in customer's name and phone. */
export async function submitProfileDetails(request: Request, context: Context) {
  const { form } = await guardPublicForm(request, context, SAME_SITE_FORM);
  const customer = await findSignedInCustomer(request, context);
  if (!customer) throw data({ error: "Sign in to continue." }, { status: 401 });
  const result = await updateCustomerProfile(context.db, customer.id, form);
  if (!result.ok) {
    return data<ProfileDetailsActionData>(
      { fieldErrors: result.fieldErrors, values: result.values },
      { status: 400, headers: PRIVATE_HEADERS },
    );
  }
  return data<ProfileDetailsActionData>({ saved: true }, { headers: PRIVATE_HEADERS });
}

export type BookingChangeActionData =
  | { status: "done"; message: string; bookingId: string }
  | (FormProblem<"date" | "timeSlot"> & { bookingId?: string });

export type BookingLinkActionData = { linkSent: true } | { linkError: string };

/**
 * The posts of My Bookings: "Email me a sign-in link" on a booking opened by its reference
 * (with the sign-in form's honeypot; its limits are in the service), or a change to one's own
 * booking.
 */
export async function submitMyBookingsForm(request: Request, context: Context) {
  const guarded = await guardPublicForm(request, context, (form) =>
    form.get("intent") === BOOKING_LINK_INTENT ? SIGN_IN_FORM : SAME_SITE_FORM,
  );
  if (guarded.form.get("intent") === BOOKING_LINK_INTENT) {
    return guarded.verdict === "bot"
      ? data<BookingLinkActionData>({ linkSent: true }, { headers: PRIVATE_HEADERS })
      : sendBookingSignInLink(request, context);
  }
  if (guarded.form.get("intent") === BOOK_AGAIN_INTENT) {
    return submitBookAgain(request, context, guarded.form);
  }
  return submitBookingChange(request, context, guarded.form);
}

/** Book again on a past clean: a new quote priced afresh, then its booking page. */
async function submitBookAgain(request: Request, context: Context, form: FormData) {
  const customer = await findSignedInCustomer(request, context);
  if (!customer) throw data({ error: "Sign in to continue." }, { status: 401 });
  const result = await bookAgain(context.db, customer.id, form, {
    publicUrl: context.config.publicUrl,
  });
  const init = (status: number) => ({ status, headers: PRIVATE_HEADERS });
  if (result.ok) {
    throw redirect(`/booking?ref=${encodeURIComponent(result.quoteReference)}`, init(303));
  }
  if (result.kind === "not_found") throw data({ error: result.message }, init(404));
  return data<BookingChangeActionData>(
    { bookingId: String(form.get("bookingId") ?? ""), formError: result.message },
    init(failureStatus(result.kind)),
  );
}

/** docs/decisions/0053-guest-booking-page.md: the link goes to the booking's own email. */
async function sendBookingSignInLink(request: Request, context: Context) {
  const reference = new URL(request.url).searchParams.get("ref");
  const init = (status: number) => ({ status, headers: PRIVATE_HEADERS });
  let result: Awaited<ReturnType<typeof requestMagicLinkForBooking>>;
  try {
    result = await requestMagicLinkForBooking(context, reference, { ip: context.clientIp });
  } catch (error) {
    context.logger.error({ err: error }, "magic link not sent");
    return data<BookingLinkActionData>({ linkError: GUEST_BOOKING_TEXT.failed }, init(503));
  }
  if (result.status === "not-found") throw data({ error: BOOKING_TEXT.notFound }, init(404));
  if (result.status === "limited") {
    return data<BookingLinkActionData>({ linkError: SIGN_IN_TEXT.limited }, init(429));
  }
  // The link is made after the answer (requestMagicLinkForBooking says why).
  result.delivery.catch((error: unknown) =>
    context.logger.error({ err: error }, "magic link not sent"),
  );
  return data<BookingLinkActionData>({ linkSent: true }, init(200));
}

/** Reschedule or Cancel on My Bookings: only the signed-in customer's own bookings. */
async function submitBookingChange(request: Request, context: Context, form: FormData) {
  const customer = await findSignedInCustomer(request, context);
  if (!customer) throw data({ error: "Sign in to continue." }, { status: 401 });
  const result = await changeMyBooking(context.db, customer.id, form, {
    config: context.config,
    ip: context.clientIp,
  });
  const init = (status: number) => ({ status, headers: PRIVATE_HEADERS });
  if (result.ok) {
    return data<BookingChangeActionData>(
      { status: "done", message: result.message, bookingId: result.bookingId },
      init(200),
    );
  }
  const status = failureStatus(result.kind);
  if (result.kind === "not_found") throw data({ error: result.message }, init(status));
  // A field's message is shown beside the field; any other refusal as the form's message.
  const answer = result.fieldErrors
    ? { bookingId: result.bookingId, fieldErrors: result.fieldErrors }
    : { bookingId: result.bookingId, formError: result.message };
  return data<BookingChangeActionData>(answer, init(status));
}
