import { newId } from "~/lib/ids";
import type { NewBooking, NewPayment } from "~/server/database";
import type { SeedLead } from "./leads";
import type { SeedContext } from "./seed-rows";
import { addHours, addMinutes } from "~/lib/sydney-time";

// The money side of a booking: payment attempts, the ledger lines a confirmed payment and a
// refund write (docs/decisions/0007-payments-through-a-provider.md), and the invoice of a finished job.

export function addPayment(
  ctx: SeedContext,
  lead: SeedLead,
  booking: NewBooking,
  status: "pending" | "failed" | "paid",
  at: Date,
  manual = false,
): NewPayment {
  const payment: NewPayment = {
    id: newId(),
    quote_id: booking.quote_id,
    booking_id: booking.id,
    amount_cents: booking.price_cents,
    payment_method: "card",
    provider: manual ? "manual" : "test",
    provider_reference:
      manual || status === "pending" ? null : `test_${newId().replaceAll("-", "")}`,
    status,
    failure_reason: status === "failed" ? "Your card was declined." : null,
    created_at: (status === "paid" && !manual ? addMinutes(at, -2) : at).toISOString(),
    updated_at: at.toISOString(),
    paid_at: status === "paid" ? at.toISOString() : null,
    // Every row names it: a bulk insert writes null, not the default, for a key some rows lack.
    refunded_cents: 0,
  };
  ctx.rows.payments.push(payment);
  if (status === "paid") {
    // docs/decisions/0007-payments-through-a-provider.md: a confirmed payment writes a payment transaction
    ctx.rows.transactions.push({
      id: newId(),
      reference_id: booking.reference,
      description: `${lead.category} cleaning, ${lead.suburb[0]}`,
      type: "payment",
      amount_cents: payment.amount_cents,
      category: lead.category,
      status: "completed",
      payment_id: payment.id,
      payout_id: null,
      created_at: at.toISOString(),
    });
  }
  return payment;
}

export function refund(
  ctx: SeedContext,
  lead: SeedLead,
  booking: NewBooking,
  payment: NewPayment,
  at: Date,
) {
  payment.status = "refunded";
  payment.refunded_cents = payment.amount_cents;
  payment.refunded_at = at.toISOString();
  payment.updated_at = payment.refunded_at;
  ctx.rows.transactions.push({
    id: newId(),
    reference_id: booking.reference,
    description: `Refund, cancelled booking in ${lead.suburb[0]}`,
    type: "refund",
    amount_cents: payment.amount_cents,
    category: lead.category,
    status: "completed",
    payment_id: payment.id,
    payout_id: null,
    created_at: payment.refunded_at,
  });
}

export function addInvoice(
  ctx: SeedContext,
  booking: NewBooking,
  payment: NewPayment,
  issuedAt: Date,
) {
  ctx.invoiceSerial += 1;
  ctx.rows.invoices.push({
    id: newId(),
    // The app's series (docs/decisions/0033-invoices-and-review-requests.md); the seed moves its counter on.
    number: `INV-${String(ctx.invoiceSerial).padStart(6, "0")}`,
    quote_id: booking.quote_id,
    booking_id: booking.id,
    amount_cents: booking.price_cents,
    // docs/decisions/0009-sydney-time-and-money.md: prices include GST, which is one eleventh of the total
    gst_cents: Math.round(booking.price_cents / 11),
    status: "paid",
    issued_at: issuedAt.toISOString(),
    due_at: addHours(issuedAt, 7 * 24).toISOString(),
    paid_at: payment.paid_at,
    created_at: issuedAt.toISOString(),
    updated_at:
      payment.paid_at! > issuedAt.toISOString() ? payment.paid_at! : issuedAt.toISOString(),
  });
}
