import type { Kysely } from "kysely";
import { listFailedCardCharges } from "~/features/payments/failed-charges.service.server";
import { z } from "zod";
import { LEAD_CREW_SIZE_CHANGED } from "~/features/assignments/assignments";
import { getCrew } from "~/features/assignments/crew.service.server";
import { getOfficeVisit } from "~/features/job-visits/job-visit-office.service.server";
import { getQuoteInvoices } from "~/features/invoices/invoice.service.server";
import { followUpCounts } from "~/features/quote-follow-ups/follow-ups.service.server";
import { summariseSeriesOfQuote } from "~/features/recurring/series.service.server";
import { QUOTE_WEBHOOK_FAILED } from "~/features/outbox/outbox.service.server";
import { jsonColumnOr } from "~/lib/json-column";
import { failure, type Result } from "~/lib/result";
import type { Database } from "~/server/database";
import { leadActionTitle } from "./lead-action-titles";
import { LEVEL_NAMES, stamp, ASSIGNMENT_LABELS } from "./lead-format";
import {
  auditLead,
  LEAD_DELETED,
  LEAD_NOTES_CHANGED,
  LEAD_RESTORED,
  LEAD_STATUS_CHANGED,
  type LeadActor,
} from "./lead-status.server";
import {
  BOARD_COLUMN_TITLES,
  QUOTE_STATUS_LABELS,
  requestLabel,
  SERVICE_TYPE_NAMES,
} from "./leads";
import type { LeadDetails, TimelineEntry } from "./lead-details";
import {
  findLeadAssignments,
  findLeadAuditEntries,
  findLeadBookings,
  findLeadById,
  findLeadMessages,
  findLeadName,
  findLeadPhotos,
  updateStaffNotes,
} from "./leads.repository.server";
import { LEAD_QUOTE_SENT } from "./send-quote.service.server";
import { describeSpace, preferredTimeOf } from "./space-details";
import { moneyEvent, type BookingOnTimeline } from "./lead-money-timeline";
import { LEADS_TEXT } from "./leads";
import { bookingAddressLine } from "~/lib/booking-address";
import {
  formatDateAndSlot,
  formatMoney,
  formatRate,
  formatShortDate,
  formatTimeSlot,
} from "~/lib/format";

/** docs/decisions/0008-webhook-outbox.md: the spec's three tries, after which its failure text shows. */
const SPEC_TRIES = 3;

/** The lead's bookings, each with its saved card's last failed try while still unpaid. */
async function leadBookingsWithCharges(db: Kysely<Database>, quoteId: string) {
  const [bookings, failed] = await Promise.all([
    findLeadBookings(db, quoteId),
    listFailedCardCharges(db, { quoteId }),
  ]);
  const notes = new Map(failed.map((charge) => [charge.bookingId, charge.summary]));
  return bookings.map((booking) => ({
    ...booking,
    cardChargeFailed: notes.get(booking.id) ?? null,
  }));
}

/** Everything the details dialog and /admin/quotes/{id} show; null for no such live lead. */
export async function getLeadDetails(
  db: Kysely<Database>,
  quoteId: string,
): Promise<LeadDetails | null> {
  const lead = await findLeadById(db, quoteId);
  if (!lead) return null;
  const [photos, bookings, assignments, audit, messages, invoices, crew, visit, followUps, series] =
    await Promise.all([
      findLeadPhotos(db, quoteId),
      leadBookingsWithCharges(db, quoteId),
      findLeadAssignments(db, quoteId),
      findLeadAuditEntries(db, quoteId),
      findLeadMessages(db, quoteId),
      getQuoteInvoices(db, quoteId),
      getCrew(db, quoteId),
      getOfficeVisit(db, quoteId),
      followUpCounts(db, [quoteId]),
      summariseSeriesOfQuote(db, quoteId),
    ]);

  const timeline = timelineOf(lead.lead_source, lead.created_at, audit, messages, assignments, {
    bookings: new Map(bookings.map((booking) => [booking.id, booking])),
  });

  return {
    id: lead.id,
    reference: lead.reference,
    client: {
      name: lead.client_name,
      email: lead.client_email,
      phone: lead.client_phone,
      customerHref: lead.customer_id ? `/admin/customers/${lead.customer_id}` : null,
    },
    service: {
      type: SERVICE_TYPE_NAMES[lead.service_type] ?? lead.service_type,
      requestLabel: requestLabel(lead.service_type),
      level: lead.cleaning_level ? LEVEL_NAMES[lead.cleaning_level] : null,
      hours: lead.estimated_hours,
      cleaners: lead.cleaners_needed,
      rate: lead.hourly_rate_cents === null ? null : formatRate(lead.hourly_rate_cents),
      preferredTime: preferredTimeOf(
        lead.space_details,
        bookings.length > 0 ? null : lead.scheduled_date,
      ),
      explanation: lead.notes,
    },
    space: describeSpace(lead.space_details),
    photos: photos.map((photo) => ({
      id: photo.id,
      src: `/api/uploads/${photo.id}`,
      width: photo.width,
      height: photo.height,
    })),
    preferredCleaner: lead.preferred_cleaner_name,
    status: lead.status,
    statusLabel: QUOTE_STATUS_LABELS[lead.status] ?? lead.status,
    leadStatus: lead.lead_status,
    total: lead.total_cents === null ? null : formatMoney(lead.total_cents),
    created: stamp(lead.created_at),
    staffNotes: lead.staff_notes ?? "",
    bookings: bookings.map((booking) => ({
      id: booking.id,
      reference: booking.reference,
      isoDate: booking.scheduled_date,
      date: formatShortDate(booking.scheduled_date),
      slot: booking.time_slot,
      when: formatDateAndSlot(booking.scheduled_date, booking.time_slot),
      address: bookingAddressLine(booking),
      status: booking.status,
      payment: booking.payment_status ?? "none",
      refundedCents: Number(booking.payment_refunded_cents ?? 0),
      payOnTheDay: Number(booking.pay_on_the_day) === 1,
      cardChargeFailed: booking.cardChargeFailed,
    })),
    timeline,
    crew,
    visit,
    invoices,
    series: series && { ...series, href: `/admin/customers/${series.customerId}#regular-cleans` },
    followUps: followUps.get(quoteId) ?? 0,
  };
}

/**
 * The lead's history, oldest first: created, each audited change (its own, and its bookings' and
 * payments' money events), message and offer.
 */
function timelineOf(
  source: string,
  createdAt: string,
  audit: Awaited<ReturnType<typeof findLeadAuditEntries>>,
  messages: Awaited<ReturnType<typeof findLeadMessages>>,
  assignments: Awaited<ReturnType<typeof findLeadAssignments>>,
  context: { bookings: ReadonlyMap<string, BookingOnTimeline> },
): TimelineEntry[] {
  return [
    { at: stamp(createdAt), title: `Lead created (${source})` },
    ...audit.flatMap((entry): TimelineEntry[] => {
      if (entry.subject_type !== "quote") {
        const event = moneyEvent(entry, context.bookings);
        return event ? [{ at: stamp(entry.created_at), ...event }] : [];
      }
      const title = auditTitle(entry.action, entry.details);
      const reason =
        entry.action === LEAD_STATUS_CHANGED || entry.action === LEAD_CREW_SIZE_CHANGED
          ? readReason(entry.details)
          : undefined;
      return title
        ? [
            {
              at: stamp(entry.created_at),
              title,
              ...(reason ? { detail: `Reason: ${reason}` } : {}),
            },
          ]
        : [];
    }),
    ...messages.map(messageEntry),
    ...assignments.map((offer): TimelineEntry => ({
      at: stamp(offer.created_at),
      title: `Offered to ${offer.cleaner_name} for ${formatShortDate(offer.scheduled_date)} at ${formatTimeSlot(offer.time_slot)}: ${ASSIGNMENT_LABELS[offer.status] ?? offer.status}`,
      detail:
        offer.status === "pending" ? `Expires ${stamp(offer.response_deadline).label}` : undefined,
    })),
  ].sort((a, b) => a.at.iso.localeCompare(b.at.iso));
}

/** A message's line: a failing one carries its problem (the spec's text for the quote webhook). */
function messageEntry(
  message: Awaited<ReturnType<typeof findLeadMessages>>[number],
): TimelineEntry {
  const failing =
    message.status === "dead" || (message.status !== "delivered" && message.attempts >= SPEC_TRIES);
  const kind = message.kind === "email" ? "Email" : "Webhook";
  const notice =
    failing && message.kind === "webhook" && message.topic === "quote.created"
      ? QUOTE_WEBHOOK_FAILED
      : failing
        ? message.last_error
        : null;
  return {
    at: stamp(message.created_at),
    title: `${kind} ${message.topic}: ${deliveryLabel(message.status)}`,
    detail: notice ?? undefined,
    problem: Boolean(notice),
  };
}

function deliveryLabel(status: string) {
  switch (status) {
    case "delivered":
      return "delivered";
    case "skipped":
      return "not sent (no target set)";
    case "dead":
      return "gave up";
    default:
      return "sending";
  }
}

function auditTitle(action: string, details: string | null): string | null {
  switch (action) {
    case LEAD_STATUS_CHANGED: {
      const change = readChange(details);
      return change ? `Moved from ${change.from} to ${change.to}` : "Moved on the board";
    }
    case LEAD_DELETED:
      return "Deleted";
    case LEAD_RESTORED:
      return "Restored";
    case LEAD_NOTES_CHANGED:
      return "Staff notes edited";
    case LEAD_QUOTE_SENT: {
      const sent = readQuoteSent(details);
      return sent
        ? `Quote sent: ${sent.hours} h, ${formatMoney(sent.totalCents)}`
        : "Quote sent to the client";
    }
    case "quote.webhook_failed":
      return null; // the webhook's own entry carries the spec's message
    default:
      return leadActionTitle(action, details) ?? action.replace(/[._]/g, " ");
  }
}

const ReasonDetails = z.object({ reason: z.string() });

/** The reason staff gave for a move to Lost or a crew size change. */
function readReason(details: string | null) {
  return jsonColumnOr(ReasonDetails, details, null)?.reason;
}

function readChange(details: string | null) {
  try {
    const parsed = JSON.parse(details ?? "") as { from?: string; to?: string; reason?: unknown };
    const name = (status: string | undefined) =>
      status && Object.hasOwn(BOARD_COLUMN_TITLES, status)
        ? BOARD_COLUMN_TITLES[status as keyof typeof BOARD_COLUMN_TITLES]
        : null;
    const from = name(parsed.from);
    const to = name(parsed.to);
    const reason = typeof parsed.reason === "string" ? parsed.reason : undefined;
    return from && to ? { from, to, reason } : null;
  } catch {
    return null;
  }
}

/**
 * Saves staff's notes on a lead with an audit entry (`changed` false when they were already so);
 * not_found for a missing or deleted lead.
 */
export async function saveStaffNotes(
  db: Kysely<Database>,
  input: { quoteId: string; notes: string; actor: LeadActor; at?: Date },
): Promise<Result<{ changed: boolean }>> {
  const at = (input.at ?? new Date()).toISOString();
  return db.transaction().execute(async (trx) => {
    const lead = await findLeadName(trx, input.quoteId);
    if (!lead || lead.deleted_at) return failure("not_found", LEADS_TEXT.notFound);
    const notes = input.notes || null;
    if ((lead.staff_notes ?? null) === notes) return { ok: true, changed: false };
    await updateStaffNotes(trx, input.quoteId, notes, at);
    await auditLead(trx, input.quoteId, LEAD_NOTES_CHANGED, input.actor, at, {
      length: notes?.length ?? 0,
    });
    return { ok: true, changed: true };
  });
}

const QuoteSentDetails = z.object({ hours: z.number(), totalCents: z.number() });

function readQuoteSent(details: string | null) {
  return jsonColumnOr(QuoteSentDetails, details, null);
}
