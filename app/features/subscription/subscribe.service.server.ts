import type { Kysely } from "kysely";
import { createBooking } from "~/features/bookings/bookings.service.server";
import { insertPlanQuote } from "~/features/quote/quote.service.server";
import { startSeriesFromBooking } from "~/features/recurring/series.service.server";
import {
  PLAN_FREQUENCY,
  PLAN_VISIT_HOURS,
  planVisitCents,
} from "~/features/recurring/visit-pricing";
import { newId, newReference } from "~/lib/ids";
import type { Result } from "~/lib/result";
import type { Database } from "~/server/database";
import { PLANS } from "./components/plans";
import type { SubscribeInput, SubscriptionField, SubscriptionPlanId } from "./subscription.schema";

// docs/decisions/0084-subscribe-now-books-a-series.md: Subscribe Now books the plan's first
// clean and starts its series through the booking page's own services (createBooking, then
// startSeriesFromBooking, as "How often" does), for a guest as for a signed-in customer: the
// customer is found or added by the email, as every booking does.

export type BookingContext = { publicUrl: string; ip: string | null; now?: Date };

/** One visit of a plan, GST included (docs/decisions/0072-plans-and-visit-prices.md). */
export function planVisitPrice(plan: SubscriptionPlanId) {
  const priceCents = PLANS.find((one) => one.id === plan)?.priceCents ?? 0;
  return planVisitCents(priceCents, PLAN_FREQUENCY[plan]);
}

/**
 * Prices the plan's visit as a quote, books its first clean and starts the series. A first clean
 * that cannot be booked (a full slot, a closed day) answers with the field to change; its quote
 * stays on the board as a priced lead, so staff can still call.
 */
export async function subscribeToPlan(
  db: Kysely<Database>,
  input: SubscribeInput,
  ctx: BookingContext,
): Promise<Result<{ bookingReference: string; seriesId: string }, SubscriptionField>> {
  const reference = newReference();
  const frequency = PLAN_FREQUENCY[input.plan];
  await insertPlanQuote(db, {
    id: newId(),
    reference,
    name: input.name,
    email: input.email,
    phone: input.phone,
    serviceType: "subscription",
    spaceDetails: { requestType: "subscription", plan: input.plan, suburb: input.suburb },
    createdAt: (ctx.now ?? new Date()).toISOString(),
    hours: PLAN_VISIT_HOURS,
    totalCents: planVisitPrice(input.plan),
  });
  const booked = await createBooking(
    db,
    {
      quoteReference: reference,
      date: input.startDate,
      timeSlot: input.timeSlot,
      address: input.address,
      suburb: input.suburb,
    },
    ctx,
  );
  if (!booked.ok) {
    // The booking form's date is this form's first clean.
    const { date, ...rest } = booked.fieldErrors ?? {};
    return { ...booked, fieldErrors: { ...rest, ...(date ? { startDate: date } : {}) } };
  }
  const started = await startSeriesFromBooking(db, {
    booking: booked.booking,
    frequency,
    plan: input.plan,
    publicUrl: ctx.publicUrl,
    now: ctx.now,
  });
  if (!started.ok) return started;
  return { ok: true, bookingReference: booked.booking.reference, seriesId: started.seriesId };
}
