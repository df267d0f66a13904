import type { Kysely } from "kysely";
import { leadDetailsUrl, notifyStaffByEmail } from "~/features/notifications/staff-email.server";
import { renderEmail } from "~/features/outbox/email/render-email";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { notifyCustomer } from "~/features/sms/sms.service.server";
import type { AppConfig } from "~/server/config.server";
import type { Database } from "~/server/database";
import { payLinkToken } from "./pay-link.server";
import type { BookingForPayment } from "./payments.repository.server";
import { findBookingPhone } from "./saved-cards.repository.server";
import { CHARGE_FAILED_COPY, CHARGE_FAILED_STAFF_COPY } from "./saved-card-copy";

// The customer's notice when a saved card could not be charged after a clean
// (docs/decisions/0074-saved-cards-and-off-session-charges.md): an email with a signed, expiring
// link to the booking's payment page and a pointer to the profile to update the card, and the
// same in a text when they opted in (docs/decisions/0076-sms-beside-email.md). Written in the
// caller's transaction, so the notice exists if and only if the failed attempt is recorded.

export const CHARGE_FAILED_TOPIC = "payment.saved_card_failed";

export type NoticeConfig = Pick<AppConfig, "publicUrl" | "sessionSecret" | "twilio">;

export async function notifyChargeFailed(
  trx: Kysely<Database>,
  input: {
    booking: BookingForPayment;
    amountCents: number;
    kind: "declined" | "requires_action";
    retryLabel: string | null;
    chargeId: string;
  },
  config: NoticeConfig,
  now: Date,
) {
  const { booking } = input;
  const business = await getBusinessProfile(trx);
  const link = `${config.publicUrl}/pay-link?t=${encodeURIComponent(payLinkToken(config.sessionSecret, booking.reference, now))}`;
  const visit = {
    reference: booking.reference,
    scheduledDate: booking.scheduledDate,
    amountCents: input.amountCents,
    firstName: booking.clientName.trim().split(/\s+/)[0] || booking.clientName,
  };
  const copy = CHARGE_FAILED_COPY[input.kind === "declined" ? "declined" : "requiresAction"];
  const paragraphs =
    input.kind === "declined"
      ? CHARGE_FAILED_COPY.declined.paragraphs(visit, input.retryLabel)
      : CHARGE_FAILED_COPY.requiresAction.paragraphs(visit);
  const rendered = renderEmail(
    {
      heading: copy.heading,
      paragraphs: [
        ...paragraphs,
        CHARGE_FAILED_COPY.linkNote,
        `${CHARGE_FAILED_COPY.updateCard} ${config.publicUrl}/profile`,
      ],
      action: { label: CHARGE_FAILED_COPY.payNow, url: link },
    },
    business,
  );
  await notifyCustomer(
    trx,
    {
      topic: CHARGE_FAILED_TOPIC,
      subjectType: "card_charge",
      subjectId: input.chargeId,
      email: {
        to: booking.clientEmail,
        replyTo: business.email,
        subject: copy.subject(visit),
        html: rendered.html,
        text: rendered.text,
      },
      sms: { phone: await findBookingPhone(trx, booking.id), body: copy.sms(visit, link) },
    },
    config,
  );
}

export const CHARGE_FAILED_STAFF_TOPIC = "payment.saved_card_failed_staff";

/**
 * The business's email when a saved card's last try failed (no retry left, or a card that needs
 * its holder): the booking, amount, last error and tries, and the lead to follow it up from.
 * Through the staff notifications (docs/decisions/0024-notification-toggles.md), in the caller's
 * transaction.
 */
export async function alertStaffChargeFailed(
  trx: Kysely<Database>,
  input: { booking: BookingForPayment; amountCents: number; code: string; tries: number },
  config: NoticeConfig,
) {
  const { booking } = input;
  const copy = CHARGE_FAILED_STAFF_COPY;
  await notifyStaffByEmail(trx, {
    topic: CHARGE_FAILED_STAFF_TOPIC,
    subjectType: "booking",
    subjectId: booking.id,
    subject: copy.subject(booking.reference),
    heading: copy.heading,
    paragraphs: copy.paragraphs({
      reference: booking.reference,
      clientName: booking.clientName,
      scheduledDate: booking.scheduledDate,
      amountCents: input.amountCents,
      code: input.code,
      tries: input.tries,
    }),
    replyTo: booking.clientEmail,
    leadUrl: leadDetailsUrl(config.publicUrl, booking.quoteId),
  });
}
