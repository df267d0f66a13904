import { newId, newReference } from "~/lib/ids";
import type { NewBooking, QuoteStatus } from "~/server/database";
import { addOffer, chooseCleaner, refusal, staffRestOfCrew } from "./assignments.server";
import { addInvoice, addPayment, refund } from "./payments";
import type { SeedCleaner } from "./cleaners.server";
import type { SeedLead } from "./leads";
import type { SeedContext } from "./seed-rows";
import { minutesOnSite, slotsWithinHours, type JobLength } from "~/features/bookings/slot-fit";
import { freeCrew, holdCrew, releaseCrew } from "./crews";
import { DEFAULT_BUSINESS_PROFILE } from "~/features/settings/business-profile-defaults";
import { addDays, addHours, addMinutes, sydneyDate, sydneyInstant } from "~/lib/sydney-time";

// Moves one lead through the request lifecycle of docs/decisions/0027-lead-lifecycle.md as far as its dice say, writing
// the booking, payment, ledger and assignment rows each step would have written.

const DAY_MS = 86_400_000;

export function playLifecycle(ctx: SeedContext, lead: SeedLead) {
  const { random, now } = ctx;
  const { quote } = lead;
  const createdAt = new Date(quote.created_at);
  const ageDays = (now.getTime() - createdAt.getTime()) / DAY_MS;
  const later = (minHours: number, maxHours: number) =>
    new Date(
      Math.min(addHours(createdAt, random.int(minHours, maxHours)).getTime(), now.getTime()),
    );

  if (quote.status === "pending_quote") {
    // Staff have not priced these yet; the old ones that went quiet were moved to Lost.
    if (ageDays > 21 && random.chance(0.45)) touch(quote, "lost", later(72, 240));
    return;
  }
  const outcome = random.weighted([
    ["new", ageDays < 7 ? 45 : 3],
    ["contacted", 14],
    ["lost", ageDays > 10 ? 12 : 2],
    ["booked", ageDays > 0.2 ? 50 : 0],
  ] as const);
  if (outcome === "contacted") touch(quote, "contacted", later(2, 48));
  if (outcome === "lost") touch(quote, "lost", later(72, 240));
  if (outcome === "booked") book(ctx, lead);
}

function touch(quote: SeedLead["quote"], leadStatus: "contacted" | "lost", at: Date) {
  quote.lead_status = leadStatus;
  quote.updated_at = at.toISOString();
}

// A booking's story as its dice tell it. Each step draws from the one random stream in the same
// order as before, so the demo seed writes the same rows.
type Story = {
  lead: SeedLead;
  booking: NewBooking;
  bookedAt: Date;
  start: Date;
  end: Date;
  finished: boolean;
  cancelledAt: Date | null;
  completed: boolean;
};

type Paid = { paidAt: Date | null; manual: boolean; payment: ReturnType<typeof addPayment> | null };

type Assigned = { cleaner: SeedCleaner | null; acceptedAt: Date | null };

function book(ctx: SeedContext, lead: SeedLead) {
  const story = bookingStory(ctx, lead);
  const paid = payForBooking(ctx, story);
  const assigned = assignCleaner(ctx, story, paid);
  settleQuote(ctx, story, paid, assigned);
}

function bookingStory(ctx: SeedContext, lead: SeedLead): Story {
  const { random, now } = ctx;
  const { quote } = lead;
  const bookedAt = new Date(
    Math.min(
      addMinutes(new Date(quote.created_at), random.int(10, 72 * 60)).getTime(),
      now.getTime() - 30 * 60_000,
    ),
  );
  // docs/product/public-site.md#validation-rules: the earliest date is tomorrow; customers book up to two weeks out.
  const job = { hours: quote.estimated_hours!, cleaners: quote.cleaners_needed ?? null };
  const place = { lat: lead.suburb[2], lng: lead.suburb[3] };
  const from = addDays(sydneyDate(bookedAt), random.int(2, 14));
  const { date, slot, crew } = freeSlot(ctx, from, job, place);
  const start = sydneyInstant(date, slot);
  const end = addHours(start, quote.estimated_hours!);
  const booking = addBooking(ctx, lead, bookedAt, date, slot);
  holdCrew(ctx.crews, booking, crew, minutesOnSite(job));
  const finished = addHours(end, 1) < now;
  const cancelledAt = cancellationFor(ctx, bookedAt, start, finished);
  return {
    lead,
    booking,
    bookedAt,
    start,
    end,
    finished,
    cancelledAt,
    completed: finished && !cancelledAt,
  };
}

function addBooking(ctx: SeedContext, lead: SeedLead, bookedAt: Date, date: string, slot: string) {
  const { quote } = lead;
  const booking: NewBooking = {
    id: newId(),
    reference: newReference(),
    quote_id: quote.id,
    customer_id: customerFor(ctx, lead, bookedAt),
    scheduled_date: date,
    time_slot: slot,
    address: lead.address,
    suburb: lead.suburb[0],
    postcode: lead.suburb[1],
    lat: lead.suburb[2],
    lng: lead.suburb[3],
    status: "confirmed",
    price_cents: quote.total_cents!,
    crew_size: Math.max(1, quote.cleaners_needed ?? 1),
    created_at: bookedAt.toISOString(),
    updated_at: bookedAt.toISOString(),
  };
  ctx.rows.bookings.push(booking);
  quote.customer_id = booking.customer_id;
  quote.scheduled_date = date;
  return booking;
}

// Free cancellation needs 24 hours' notice (docs/product/public-site.md#business-constants-and-limits).
function cancellationFor(ctx: SeedContext, bookedAt: Date, start: Date, finished: boolean) {
  const { random, now } = ctx;
  const lastCancel = Math.min(addHours(start, -24).getTime(), now.getTime());
  return lastCancel > bookedAt.getTime() + 3_600_000 && random.chance(finished ? 0.15 : 0.08)
    ? new Date(
        bookedAt.getTime() +
          3_600_000 +
          random.next() * (lastCancel - bookedAt.getTime() - 3_600_000),
      )
    : null;
}

// Payment: online straight after booking, or (pay after service) marked paid by staff.
function payForBooking(ctx: SeedContext, story: Story): Paid {
  const { random, now } = ctx;
  const { lead, booking, bookedAt, end, completed, cancelledAt } = story;
  let paidAt: Date | null = null;
  let manual = false;
  const online = addMinutes(bookedAt, random.int(3, 40));
  if (completed) {
    manual = random.chance(0.15);
    paidAt = manual ? minDate(addHours(end, random.int(1, 48)), addMinutes(now, -1)) : online;
  } else if (cancelledAt) {
    if (random.chance(0.5) && online < cancelledAt) paidAt = online;
  } else if (random.chance(0.55) && online < now) {
    paidAt = online;
  }
  if (paidAt && !manual && random.chance(0.1)) addPayment(ctx, lead, booking, "failed", bookedAt);
  if (!paidAt && !cancelledAt) addUnpaidAttempt(ctx, story, online);
  const payment = paidAt ? addPayment(ctx, lead, booking, "paid", paidAt, manual) : null;
  return { paidAt, manual, payment };
}

function addUnpaidAttempt(ctx: SeedContext, story: Story, online: Date) {
  const unpaid = ctx.random.weighted([
    ["pending", 4],
    ["failed", 3],
    ["none", 3],
  ] as const);
  if (unpaid === "none") return;
  addPayment(ctx, story.lead, story.booking, unpaid, online < ctx.now ? online : story.bookedAt);
}

// The cleaner: every finished job had one; some jobs ahead have an offer out or none yet.
function assignCleaner(ctx: SeedContext, story: Story, paid: Paid): Assigned {
  const { random, now } = ctx;
  const { start, finished, cancelledAt, completed } = story;
  const { paidAt, manual } = paid;
  const base = paidAt && !manual ? paidAt : story.bookedAt;
  const wantsCleaner = completed || random.chance(cancelledAt ? 0.4 : paidAt ? 0.5 : 0.25);
  const offerAt = addHours(base, random.int(1, 24));
  const latestOffer = minDate(cancelledAt ?? now, addHours(start, -2));
  // A finished job always had its offer out long before the day (booked two days ahead or more).
  if (wantsCleaner && (completed || offerAt < addHours(latestOffer, -1))) {
    return acceptedOffer(ctx, story, paid, { base, offerAt, latestOffer });
  }
  if (!finished && !cancelledAt && paidAt) openOffer(ctx, story, base);
  return { cleaner: null, acceptedAt: null };
}

function acceptedOffer(
  ctx: SeedContext,
  story: Story,
  paid: Paid,
  times: { base: Date; offerAt: Date; latestOffer: Date },
): Assigned {
  const { random } = ctx;
  const { booking, finished, cancelledAt, completed } = story;
  const { base, latestOffer } = times;
  let { offerAt } = times;
  const cleaner = chooseCleaner(ctx, booking, !finished);
  if (!cleaner) return { cleaner: null, acceptedAt: null };
  // Now and then the first cleaner asked said no or let the offer lapse.
  const first = random.chance(0.25) ? refusal(ctx, booking, !finished, [cleaner]) : null;
  const firstAt = addHours(base, 1);
  const retryAt = first ? addHours(firstAt, first.settleAfterHours + random.int(1, 3)) : null;
  if (first && retryAt! < addHours(latestOffer, -2)) {
    first.add(firstAt);
    offerAt = retryAt!;
  }
  // An answer always comes before the offer's deadline (the response hours setting).
  const answerWithin = Math.max(1, Math.min(20, ctx.pricing.offerResponseHours - 1));
  const respondedAt = minDate(
    addHours(offerAt, random.int(1, answerWithin)),
    addMinutes(latestOffer, -1),
  );
  const { paidAt } = paid;
  const previous: QuoteStatus = paidAt && paidAt < respondedAt ? "pending" : "pending_payment";
  const offer = addOffer(ctx, booking, cleaner, offerAt, {
    status: "accepted",
    respondedAt,
    previousQuoteStatus: previous,
  });
  if (cancelledAt) {
    offer.status = "cancelled";
    offer.updated_at = cancelledAt.toISOString();
  } else if (!completed) {
    cleaner.row.active_bookings += 1;
    const crew = ctx.crews.byBooking.get(booking.id) ?? [];
    // A crew short of accepted cleaners leaves its quote waiting: staffed only when all accept.
    if (!finished && crew[0] === cleaner) {
      const staffed = staffRestOfCrew(ctx, booking, crew, {
        acceptedAt: respondedAt,
        start: story.start,
      });
      if (!staffed) return { cleaner, acceptedAt: null };
    }
  }
  return { cleaner, acceptedAt: respondedAt };
}

// Jobs ahead without a cleaner yet: an offer sent in the last few hours waits for its
// answer, or an earlier one was refused and staff have not asked again.
function openOffer(ctx: SeedContext, story: Story, base: Date) {
  const { random, now } = ctx;
  const { booking } = story;
  const sentAt = addHours(now, -random.int(1, 10));
  const roll = random.next();
  if (roll < 0.4 && sentAt > base) {
    // The automatic chain's offer to the seat's held cleaner, within its waiting period
    // (docs/decisions/0064-automatic-offers.md).
    const pending = chooseCleaner(ctx, booking, true);
    const inFlight = addMinutes(now, -random.int(5, 110));
    const answerBy = addMinutes(inFlight, DEFAULT_BUSINESS_PROFILE.autoOfferWaitMinutes);
    if (pending && inFlight > base && answerBy < addHours(story.start, -2)) {
      addOffer(ctx, booking, pending, inFlight, {
        status: "pending",
        respondedAt: null,
        automatic: true,
      });
    }
  } else if (roll < 0.6) {
    const first = refusal(ctx, booking, true, []);
    const firstAt = addHours(base, 1);
    if (first && addHours(firstAt, first.settleAfterHours) < now) first.add(firstAt);
  }
}

// The quote's final state follows the lifecycle table, whatever order the events came in.
function settleQuote(ctx: SeedContext, story: Story, paid: Paid, assigned: Assigned) {
  const { quote } = story.lead;
  const { paidAt } = paid;
  const { acceptedAt } = assigned;
  const events = [story.bookedAt, paidAt, acceptedAt].filter((d): d is Date => d !== null);
  if (story.cancelledAt) {
    events.push(cancelBooking(ctx, story, paid));
  } else if (story.completed) {
    events.push(completeBooking(ctx, story, paid, assigned));
  } else {
    quote.status = acceptedAt ? "assigned" : paidAt ? "pending" : "pending_payment";
    quote.lead_status = acceptedAt || paidAt ? "booked" : "qualified";
  }
  quote.updated_at = new Date(Math.max(...events.map((d) => d.getTime()))).toISOString();
}

function cancelBooking(ctx: SeedContext, story: Story, paid: Paid) {
  const { lead, booking } = story;
  const cancelledAt = story.cancelledAt!;
  booking.status = "cancelled";
  releaseCrew(ctx.crews, booking.id);
  booking.cancelled_at = cancelledAt.toISOString();
  booking.cancelled_by = ctx.random.chance(0.6) ? "customer" : "staff";
  booking.updated_at = booking.cancelled_at;
  lead.quote.status = "cancelled";
  lead.quote.lead_status = paid.paidAt ? "booked" : "lost";
  if (paid.payment) {
    refund(ctx, lead, booking, paid.payment, addMinutes(cancelledAt, ctx.random.int(1, 30)));
  }
  return cancelledAt;
}

function completeBooking(ctx: SeedContext, story: Story, paid: Paid, assigned: Assigned) {
  const { lead, booking, end } = story;
  booking.status = "completed";
  booking.completed_at = end.toISOString();
  booking.updated_at = booking.completed_at;
  lead.quote.status = "completed";
  lead.quote.lead_status = "booked";
  const hours = lead.quote.estimated_hours!;
  ctx.completedJobs.push({ cleaner: assigned.cleaner!, lead, booking, completedAt: end, hours });
  addInvoice(ctx, booking, paid.payment!, end);
  return end;
}

/**
 * The first day from `from` with a slot free in which the whole job fits the default opening
 * hours (docs/decisions/0040-business-hours-bound-bookings.md) and a whole crew is free
 * (docs/decisions/0060-crews-and-cleaner-holds.md), as a customer could book it.
 */
function freeSlot(
  ctx: SeedContext,
  from: string,
  job: JobLength,
  place: { lat: number; lng: number },
) {
  const hours = { weeklyHours: DEFAULT_BUSINESS_PROFILE.weeklyHours, closedDates: [] };
  const need = {
    crewSize: Math.max(1, job.cleaners ?? 1),
    minutesOnSite: minutesOnSite(job),
    place,
  };
  for (let offset = 0; offset < 60; offset++) {
    const date = addDays(from, offset);
    const open = slotsWithinHours(date, job, hours)
      .filter((slot) => !ctx.slotsTaken.has(`${date} ${slot}`))
      .map((slot) => ({
        slot,
        crew: freeCrew(ctx.crews, ctx.cleaners, { date, slot, today: ctx.today }, need),
      }))
      .filter((choice) => choice.crew !== null);
    if (open.length > 0) {
      const { slot, crew } = ctx.random.pick(open);
      ctx.slotsTaken.add(`${date} ${slot}`);
      return { date, slot, crew: crew! };
    }
  }
  throw new Error(`No opening-hours slot fits a ${job.hours}-hour job from ${from}`);
}

/** Booking creates the customer account My Bookings signs into (docs/decisions/0012-real-customer-data.md). */
function customerFor(ctx: SeedContext, lead: SeedLead, at: Date) {
  const email = lead.quote.client_email;
  let customer = ctx.customersByEmail.get(email);
  if (!customer) {
    customer = {
      id: newId(),
      email,
      name: lead.quote.client_name,
      phone: lead.quote.client_phone ?? null,
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
    };
    ctx.customersByEmail.set(email, customer);
    ctx.rows.customers.push(customer);
  }
  return customer.id;
}

function minDate(a: Date, b: Date) {
  return a < b ? a : b;
}
