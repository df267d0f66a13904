import type { Kysely } from "kysely";
import { enqueueEmail } from "~/features/outbox/outbox.service.server";
import { renderEmail } from "~/features/outbox/email/render-email";
import {
  findQuoteToBookByQuoteId,
  moveQuote,
  type QuoteToBook,
} from "~/features/quote/quote-lifecycle.service.server";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import type { BusinessProfile } from "~/features/settings/business-profile";
import { MARK_PAID_TEXT } from "~/features/payments/mark-paid-text";
import { newId } from "~/lib/ids";
import { failure, type Result } from "~/lib/result";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { AuditLogTable, Database } from "~/server/database";
import { serviceLabel } from "./booking-copy";
import { releaseBookingHolds } from "~/features/availability/cleaner-holds.service.server";
import { findBookingById, type BookingRow } from "./bookings.repository.server";
import { cancelCleanerJobs } from "./cleaner-job-changes.server";
import { exemptFromHoldIf, findRunOutHolds, releaseHoldIf } from "./unpaid-holds.repository.server";
import { formatLongDate, formatTimeSlot } from "~/lib/format";

// Unpaid bookings hold their slot for a while (docs/decisions/0048-unpaid-booking-holds.md):
// an online booking still unpaid when its hold runs out is cancelled by the system, its crew's
// holds are released (docs/decisions/0060-crews-and-cleaner-holds.md), its quote can be booked again, and the customer is emailed a link to book
// and pay again. A cleaner already offered the job is told it is cancelled, as for any other
// cancellation (docs/decisions/0041-cleaners-hear-of-job-changes.md). Staff may confirm a
// booking as paid on the day, which keeps its place.

const RELEASES_PER_RUN = 200;

/** Releases every booking whose unpaid hold has run out; returns how many this run released. */
export async function releaseRunOutHolds(
  db: Kysely<Database>,
  ctx: { publicUrl: string; now?: Date },
) {
  const now = ctx.now ?? new Date();
  const at = now.toISOString();
  const business = await getBusinessProfile(db);
  let released = 0;
  for (const { id } of await findRunOutHolds(db, at, RELEASES_PER_RUN)) {
    const done = await db.transaction().execute(async (trx) => {
      const row = await findBookingById(trx, id);
      const quote = row ? await findQuoteToBookByQuoteId(trx, row.quote_id) : null;
      // The compare-and-set: another run (or server) that got here first leaves nothing to do.
      if (!row || !quote || !(await releaseHoldIf(trx, id, at))) return false;
      await releaseBookingHolds(trx, row.id, now);
      await auditRelease(trx, row, at);
      await cancelCleanerJobs(trx, {
        booking: { ...row, status: "cancelled", cancelled_at: at, updated_at: at },
        quote: { id: quote.id, hours: quote.hours ?? 0 },
        actor: SYSTEM,
        business,
        publicUrl: ctx.publicUrl,
        now,
      });
      // docs/decisions/0027-lead-lifecycle.md: the quote may be booked again, as before booking.
      await moveQuote(trx, {
        quoteId: quote.id,
        next: (current) =>
          current.status === "pending_payment" ? { ...current, status: "pending" } : current,
        actor: SYSTEM,
        reason: HOLD_RELEASED,
        at: now,
      });
      await emailReleased(trx, row, quote, business, ctx.publicUrl);
      return true;
    });
    if (done) released += 1;
  }
  return released;
}

export const HOLD_RELEASED = "booking.hold_released";
export const PAY_ON_THE_DAY = "booking.pay_on_the_day";
const SYSTEM = { type: "system" as const, id: null };

async function auditRelease(trx: Kysely<Database>, row: BookingRow, at: string) {
  await audit(trx, {
    actor: SYSTEM,
    bookingId: row.id,
    action: HOLD_RELEASED,
    at,
    details: { from: "confirmed", to: "cancelled", holdUntil: row.hold_until },
  });
}

/** One audit entry on the booking, with no client address: a job or a staff action caused it. */
async function audit(
  trx: Kysely<Database>,
  entry: {
    actor: { type: AuditLogTable["actor_type"]; id: string | null };
    bookingId: string;
    action: string;
    at: string;
    details: object;
  },
) {
  await insertAuditEntry(trx, {
    id: newId(),
    subject_type: "booking",
    subject_id: entry.bookingId,
    action: entry.action,
    actor_type: entry.actor.type,
    actor_id: entry.actor.id,
    created_at: entry.at,
    details: JSON.stringify(entry.details),
    ip: null,
  });
}

export const HOLD_RELEASED_EMAIL = {
  subject: (reference: string) => `Your booking ${reference} was released`,
  heading: "Your time is free again",
  held: (when: string, hours: number) =>
    `We held ${when} for you for ${hours} ${hours === 1 ? "hour" : "hours"}, but the payment did not arrive, so the time has been released.`,
  again: "Your quote still stands: use the button below to choose a time and pay.",
  action: "Book and pay again",
} as const;

async function emailReleased(
  trx: Kysely<Database>,
  row: BookingRow,
  quote: QuoteToBook,
  business: BusinessProfile,
  publicUrl: string,
) {
  const E = HOLD_RELEASED_EMAIL;
  const when = `${formatLongDate(row.scheduled_date)} at ${formatTimeSlot(row.time_slot)}`;
  const rendered = renderEmail(
    {
      heading: E.heading,
      paragraphs: [
        `${serviceLabel(quote.serviceType, quote.cleaningLevel)}, booking ${row.reference}.`,
        E.held(when, business.unpaidHoldHours),
        E.again,
      ],
      action: {
        label: E.action,
        url: `${publicUrl}/booking?ref=${encodeURIComponent(quote.reference)}`,
      },
    },
    business,
  );
  await enqueueEmail(trx, {
    topic: HOLD_RELEASED,
    subjectType: "booking",
    subjectId: row.id,
    to: quote.clientEmail,
    subject: E.subject(row.reference),
    html: rendered.html,
    text: rendered.text,
  });
}

export const PAY_ON_THE_DAY_TEXT = {
  notFound: MARK_PAID_TEXT.notFound,
  already: "This booking is already confirmed as pay on the day, or is not live.",
} as const;

/** Staff confirmed the booking is paid on the day: it keeps its place, unpaid, with no limit. */
export async function confirmPayOnTheDay(
  db: Kysely<Database>,
  input: { bookingId: string; staffUserId: string },
  now = new Date(),
): Promise<Result> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await findBookingById(trx, input.bookingId);
    if (!row) return failure("not_found", PAY_ON_THE_DAY_TEXT.notFound);
    if (!(await exemptFromHoldIf(trx, row.id, at))) {
      return failure("conflict", PAY_ON_THE_DAY_TEXT.already);
    }
    await audit(trx, {
      actor: { type: "staff", id: input.staffUserId },
      bookingId: row.id,
      action: PAY_ON_THE_DAY,
      at,
      details: { holdUntil: row.hold_until },
    });
    return { ok: true };
  });
}
