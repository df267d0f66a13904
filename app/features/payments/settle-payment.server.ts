import type { Kysely } from "kysely";
import { recordTransaction } from "~/features/ledger/ledger.server";
import { enqueueEmail } from "~/features/outbox/outbox.service.server";
import { renderEmail } from "~/features/outbox/email/render-email";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { newId } from "~/lib/ids";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { AuditLogTable, Database, PaymentProvider } from "~/server/database";
import { invoicePayment, type InvoicedQuote } from "~/features/invoices/invoice.service.server";
import type { InvoiceView } from "~/features/invoices/invoice";
import { RECEIPT_TEXT, SERVICE_LABELS, serviceName } from "./payment-copy";
import {
  findPaymentById,
  findQuoteLifecycle,
  lockBookingStatus,
  markPaidIfPending,
  addRefundIfUnchanged,
  updateQuoteLifecycleIf,
  type BookingForPayment,
  type QuoteLifecycle,
} from "./payments.repository.server";
import { formatHours, formatLongDate, formatMoney, formatTimeSlot } from "~/lib/format";

// What follows from a payment's status move, in the caller's transaction: the compare-and-set
// on the payment (so it is paid, or refunded, exactly once whoever else is trying), the ledger
// line (docs/decisions/0021-one-definition-of-money-figures.md), the quote's lifecycle move
// (docs/decisions/0027-lead-lifecycle.md), the audit entries, the tax invoice and the receipt
// email that carries it (outbox).

type Db = Kysely<Database>;

export type PaymentActor = {
  type: AuditLogTable["actor_type"];
  id: string | null;
  ip?: string | null;
};

export const PAYMENT_PAID = "payment.paid";
export const PAYMENT_DECLINED = "payment.declined";
export const PAYMENT_REFUNDED = "payment.refunded";
export const PAYMENT_DUPLICATE_CHARGE = "payment.duplicate_charge";
export const QUOTE_STATUS_CHANGED = "quote.status_changed";

export async function audit(
  trx: Db,
  actor: PaymentActor,
  entry: { action: string; subjectType: string; subjectId: string; details: unknown; at: string },
) {
  await insertAuditEntry(trx, {
    id: newId(),
    actor_type: actor.type,
    actor_id: actor.id,
    action: entry.action,
    subject_type: entry.subjectType,
    subject_id: entry.subjectId,
    details: JSON.stringify(entry.details),
    ip: actor.ip ?? null,
    created_at: entry.at,
  });
}

/** The ledger's category for a booking's money: its service, e.g. Residential. */
const categoryOf = (booking: BookingForPayment) =>
  SERVICE_LABELS[booking.serviceType] ?? booking.serviceType;

/**
 * Payment confirmed (docs/decisions/0027-lead-lifecycle.md): lead_status booked, and status
 * pending if it was pending_payment (a payment never moves a job backwards). Compare-and-set on
 * both columns with an audit entry, retried when somebody moved the quote in between.
 */
async function moveQuoteOnPayment(trx: Db, quoteId: string, actor: PaymentActor, at: string) {
  for (;;) {
    const from = (await findQuoteLifecycle(trx, quoteId)) as QuoteLifecycle | undefined;
    if (!from) return;
    const to: QuoteLifecycle = {
      status: from.status === "pending_payment" ? "pending" : from.status,
      lead_status: "booked",
    };
    if (to.status === from.status && to.lead_status === from.lead_status) return;
    if (!(await updateQuoteLifecycleIf(trx, quoteId, from, to, at))) continue;
    await audit(trx, actor, {
      action: QUOTE_STATUS_CHANGED,
      subjectType: "quote",
      subjectId: quoteId,
      details: { from, to, cause: PAYMENT_PAID },
      at,
    });
    return;
  }
}

/** The invoice's line when the payment issues it: "Residential, Deep Clean: 9 hours with 2 cleaners (quote HG-…)". */
function invoiceLine(quote: InvoicedQuote) {
  const cleaners = quote.cleaners_needed
    ? ` with ${quote.cleaners_needed} ${quote.cleaners_needed === 1 ? "cleaner" : "cleaners"}`
    : "";
  const hours =
    quote.estimated_hours !== null ? `: ${formatHours(quote.estimated_hours)}${cleaners}` : "";
  return `${serviceName(quote.service_type, quote.cleaning_level)}${hours} (quote ${quote.reference})`;
}

/**
 * The receipt: the booking's tax invoice, paid (docs/decisions/0054-tax-invoice-receipts-and-one-price.md),
 * with the words an Australian business client needs: "Tax invoice", the business's name and ABN,
 * the number and date, the GST included, and the booking's day and time.
 */
async function enqueueReceipt(
  trx: Db,
  booking: BookingForPayment,
  payment: { id: string; amountCents: number },
  invoice: InvoiceView | null,
  publicUrl: string,
) {
  const profile = await getBusinessProfile(trx);
  const firstName = booking.clientName.trim().split(/\s+/)[0] || booking.clientName;
  const where = booking.suburb ? ` in ${booking.suburb}` : "";
  const thanks = `Thank you, ${firstName}. We have received your payment of ${formatMoney(payment.amountCents)} for booking ${booking.reference}.`;
  const when = `${serviceName(booking.serviceType, booking.cleaningLevel)}: ${formatLongDate(booking.scheduledDate)} at ${formatTimeSlot(booking.timeSlot)}${where}.`;
  const rendered = renderEmail(
    {
      heading: invoice ? RECEIPT_TEXT.heading(invoice.number) : RECEIPT_TEXT.plainHeading,
      paragraphs: invoice
        ? [thanks, when, ...receiptInvoiceLines(invoice), RECEIPT_TEXT.keep]
        : [thanks, when, RECEIPT_TEXT.gstIncluded],
      action: {
        label: invoice ? RECEIPT_TEXT.viewInvoice : RECEIPT_TEXT.viewPayment,
        url: `${publicUrl}/payment-success?ref=${encodeURIComponent(booking.reference)}`,
      },
    },
    profile,
  );
  await enqueueEmail(trx, {
    topic: "payment.receipt",
    subjectType: "payment",
    subjectId: payment.id,
    to: booking.clientEmail,
    replyTo: profile.email,
    subject: invoice
      ? RECEIPT_TEXT.subject(invoice.number, invoice.details.business.name)
      : RECEIPT_TEXT.plainSubject(booking.reference),
    html: rendered.html,
    text: rendered.text,
  });
}

/** What a tax invoice says, as lines of the receipt email. */
function receiptInvoiceLines(invoice: InvoiceView) {
  const { business, client } = invoice.details;
  return [
    `${business.name}, ABN ${business.abn}, ${business.address}.`,
    `Tax invoice ${invoice.number}, date ${invoice.issuedLabel}.`,
    `Billed to: ${client.name}${client.address ? `, ${client.address}` : ""}.`,
    ...invoice.details.lines.map((line) => `${line.description}: ${formatMoney(line.amountCents)}`),
    `Total: ${formatMoney(invoice.totalCents)}, GST included: ${formatMoney(invoice.gstCents)}.`,
    `Paid${invoice.paidLabel ? ` on ${invoice.paidLabel}` : ""}.`,
  ];
}

export type SettleResult = "paid" | "already-paid" | "not-payable";

/**
 * pending -> paid for one payment, with everything that follows from it. Exactly one caller
 * moves it (the update names the status it read); the others get "already-paid" and write
 * nothing. "not-payable" when the payment is refunded or missing.
 */
export async function settlePaid(
  trx: Db,
  input: {
    paymentId: string;
    booking: BookingForPayment;
    provider: PaymentProvider;
    providerReference: string | null;
    actor: PaymentActor;
    at: Date;
    publicUrl: string;
  },
): Promise<SettleResult> {
  const at = input.at.toISOString();
  // The caller read the booking before this transaction: a cancel may have come in since.
  if ((await lockBookingStatus(trx, input.booking.id)) === "cancelled") return "not-payable";
  const moved = await markPaidIfPending(trx, input.paymentId, {
    provider: input.provider,
    providerReference: input.providerReference,
    at,
  });
  if (!moved) {
    const payment = await findPaymentById(trx, input.paymentId);
    return payment?.status === "paid" ? "already-paid" : "not-payable";
  }
  const payment = (await findPaymentById(trx, input.paymentId))!;
  const { booking } = input;
  await recordTransaction(trx, {
    id: newId(),
    reference_id: booking.reference,
    description: `${categoryOf(booking)} cleaning${booking.suburb ? `, ${booking.suburb}` : ""}`,
    type: "payment",
    amount_cents: payment.amount_cents,
    category: categoryOf(booking),
    status: "completed",
    payment_id: payment.id,
    payout_id: null,
    created_at: at,
  });
  await audit(trx, input.actor, {
    action: PAYMENT_PAID,
    subjectType: "payment",
    subjectId: payment.id,
    details: {
      from: "pending",
      to: "paid",
      provider: input.provider,
      booking: booking.reference,
      amountCents: payment.amount_cents,
    },
    at,
  });
  await moveQuoteOnPayment(trx, booking.quoteId, input.actor, at);
  const invoice = await invoicePayment(trx, {
    quoteId: booking.quoteId,
    actor: input.actor,
    describe: invoiceLine,
    at: input.at,
  });
  await enqueueReceipt(
    trx,
    booking,
    { id: payment.id, amountCents: payment.amount_cents },
    invoice,
    input.publicUrl,
  );
  return "paid";
}

/**
 * A refund of `amountCents` of one paid payment, with its refund ledger line and audit entry: the
 * payment is refunded once all of it is, and stays paid (partly refunded) until then. False when
 * somebody refunded some of it since `fromCents` was read (then nothing is written).
 */
export async function settleRefund(
  trx: Db,
  input: {
    paymentId: string;
    booking: BookingForPayment;
    refundReference: string | null;
    amountCents: number;
    fromCents: number;
    reason: string | null;
    actor: PaymentActor;
    at: Date;
  },
) {
  const at = input.at.toISOString();
  const before = (await findPaymentById(trx, input.paymentId))!;
  const toCents = input.fromCents + input.amountCents;
  const whole = toCents >= before.amount_cents;
  const moved = await addRefundIfUnchanged(trx, {
    id: input.paymentId,
    fromCents: input.fromCents,
    toCents,
    whole,
    at,
  });
  if (!moved) return false;
  const { booking } = input;
  const where = booking.suburb ? ` in ${booking.suburb}` : "";
  await recordTransaction(trx, {
    id: newId(),
    reference_id: booking.reference,
    description: `${whole && input.fromCents === 0 ? "Refund" : "Partial refund"}, booking ${booking.reference}${where}${input.reason ? `: ${input.reason}` : ""}`,
    type: "refund",
    amount_cents: input.amountCents,
    category: categoryOf(booking),
    status: "completed",
    payment_id: input.paymentId,
    payout_id: null,
    created_at: at,
  });
  await audit(trx, input.actor, {
    action: PAYMENT_REFUNDED,
    subjectType: "payment",
    subjectId: input.paymentId,
    details: {
      from: "paid",
      to: whole ? "refunded" : "paid",
      provider: before.provider,
      refund: input.refundReference,
      booking: booking.reference,
      amountCents: input.amountCents,
      refundedCents: toCents,
      reason: input.reason,
    },
    at,
  });
  return true;
}
