import type { Kysely } from "kysely";
import { staffingLabel } from "~/features/assignments/assignments";
import { decodeCursor, encodeCursor } from "~/components/kit/keyset";
import type { Database, LeadStatus } from "~/server/database";
import { ageLabel, ASSIGNMENT_LABELS, LEVEL_NAMES, stamp } from "./lead-format";
import {
  auditLead,
  changeLeadStatus,
  LEAD_DELETED,
  LEAD_RESTORED,
  type LeadActor,
} from "./lead-status.server";
import {
  BOARD_COLUMN_TITLES,
  BOARD_TOTAL_LABELS,
  LEAD_STATUSES,
  LEADS_TEXT,
  liveInColumnTotal,
  QUOTE_STATUS_LABELS,
  requestLabel,
  SERVICE_TYPE_NAMES,
  type BoardColumn,
  type LeadFilter,
  type LeadSummary,
} from "./leads";
import {
  findLatestAssignments,
  findLeadName,
  findLeadStatus,
  findLiveBookingDates,
  findPaidOrCompletedQuoteIds,
  findRefundedQuoteIds,
  listColumnRows,
  listLeadRows,
  setLeadDeletedAt,
  sumBoardColumns,
  sumRefundedLeadTotals,
  sumPartRefundedCents,
  findPartRefundedCents,
  type LeadQuery,
  type LeadRow,
} from "./leads.repository.server";
import { formatDateAndSlot, formatMoney } from "~/lib/format";
import { failure, fieldFailure, type Result } from "~/lib/result";
import { followUpCounts } from "~/features/quote-follow-ups/follow-ups.service.server";

export { changeLeadStatus, type LeadActor } from "./lead-status.server";

export const LIST_PAGE_SIZE = 25;
export const BOARD_CARDS_PER_COLUMN = 20;
/** docs/decisions/0027-lead-lifecycle.md: a staff quote is promised within 24 hours; flag it at 20. */
const QUOTE_DUE_FLAG_MS = 20 * 60 * 60 * 1000;

/**
 * What a search looks for: a term that is mostly digits (a phone number as typed, "0412 3")
 * becomes its digits, as the index keeps phones; LIKE's wildcards are dropped.
 */
export function searchTerm(raw: string | undefined) {
  const text = (raw ?? "").trim().replace(/[%_\\]/g, "");
  if (!text) return undefined;
  if (/^[\d\s()+.-]+$/.test(text) && /\d/.test(text)) return text.replace(/\D/g, "");
  return text;
}

function toQuery(filter: LeadFilter): LeadQuery {
  return {
    search: searchTerm(filter.q),
    status: filter.status,
    leadStatus: filter.lead,
    serviceType: filter.type,
  };
}

/** One page of the list, newest first, with keyset cursors to the pages either side. */
export async function listLeads(db: Kysely<Database>, filter: LeadFilter, now = new Date()) {
  const before = decodeCursor(filter.before);
  const after = before ? null : decodeCursor(filter.after);
  const direction = before ? "newer" : "older";
  const cursor = before ?? after;
  const rows = await listLeadRows(db, toQuery(filter), {
    cursor: cursor ? { createdAt: cursor.value, id: cursor.id } : undefined,
    direction,
    limit: LIST_PAGE_SIZE,
  });
  const more = rows.length > LIST_PAGE_SIZE;
  const page = rows.slice(0, LIST_PAGE_SIZE);
  if (direction === "newer") page.reverse();
  const first = page[0];
  const last = page.at(-1);
  const cursorOf = (row: LeadRow) => encodeCursor({ value: row.created_at, id: row.id });
  return {
    leads: await summarise(db, page, now),
    // Older pages follow while there are more rows past the last one (or we came back up).
    nextCursor: last && (direction === "newer" || more) ? cursorOf(last) : null,
    previousCursor:
      first && (direction === "older" ? Boolean(after) : more) ? cursorOf(first) : null,
  };
}

/**
 * The board: five columns in the spec's order, each with the count of every lead the filters
 * match and the sum of the live ones' totals (computed in SQL, not over the cards loaded), and its
 * newest cards. docs/decisions/0044-figures-by-permission.md: cancelled and refunded quotes keep
 * their cards but leave the sum.
 */
export async function getBoard(
  db: Kysely<Database>,
  filter: LeadFilter,
  now = new Date(),
): Promise<BoardColumn[]> {
  const query = toQuery(filter);
  const [sums, refunds, partRefunds] = await Promise.all([
    sumBoardColumns(db, query),
    sumRefundedLeadTotals(db, query),
    sumPartRefundedCents(db, query),
  ]);
  const columns = filter.lead ? [filter.lead] : LEAD_STATUSES;
  const rows = await Promise.all(
    columns.map((leadStatus) => listColumnRows(db, query, leadStatus, BOARD_CARDS_PER_COLUMN)),
  );
  const cards = await summarise(db, rows.flat(), now);
  const centsOf = (rows: { lead_status: string; total_cents: unknown }[], status: LeadStatus) =>
    Number(rows.find((row) => row.lead_status === status)?.total_cents ?? 0);
  return columns.map((leadStatus) => {
    const totalCents =
      centsOf(sums, leadStatus) - centsOf(refunds, leadStatus) - centsOf(partRefunds, leadStatus);
    return {
      leadStatus,
      title: BOARD_COLUMN_TITLES[leadStatus],
      count: Number(sums.find((row) => row.lead_status === leadStatus)?.leads ?? 0),
      total: formatMoney(totalCents),
      totalCents,
      totalLabel: BOARD_TOTAL_LABELS[leadStatus],
      cards: cards.filter((card) => card.leadStatus === leadStatus),
    };
  });
}

/**
 * The cards' and rows' summaries. What hangs off the leads (offers with their cleaners, live
 * bookings, refunds, paid or completed work) is read in one query each for the whole page.
 */
async function summarise(db: Kysely<Database>, rows: LeadRow[], now: Date): Promise<LeadSummary[]> {
  const ids = rows.map((row) => row.id);
  const [offers, bookings, refunded, paidOrCompleted, partRefunded, followUps] = await Promise.all([
    findLatestAssignments(db, ids),
    findLiveBookingDates(db, ids),
    findRefundedQuoteIds(db, ids),
    findPaidOrCompletedQuoteIds(db, ids),
    findPartRefundedCents(db, ids),
    followUpCounts(db, ids),
  ]);
  return rows.map((row) => {
    const leadOffers = offers.filter((candidate) => candidate.quote_id === row.id);
    const offer = leadOffers[0];
    const booking = bookings.find((candidate) => candidate.quote_id === row.id);
    const live = liveInColumnTotal(row.status, refunded.has(row.id));
    const crew = [
      ...new Set(
        leadOffers.filter((item) => item.status === "accepted").map((item) => item.cleaner_name),
      ),
    ];
    return {
      id: row.id,
      reference: row.reference,
      name: row.client_name,
      email: row.client_email,
      phone: row.client_phone,
      customerHref: row.customer_id ? `/admin/customers/${row.customer_id}` : null,
      serviceType: row.service_type,
      service: SERVICE_TYPE_NAMES[row.service_type] ?? row.service_type,
      requestLabel: requestLabel(row.service_type),
      level: row.cleaning_level ? LEVEL_NAMES[row.cleaning_level] : null,
      hours: row.estimated_hours,
      total: row.total_cents === null ? null : formatMoney(row.total_cents),
      totalCents: row.total_cents,
      status: row.status,
      statusLabel: QUOTE_STATUS_LABELS[row.status] ?? row.status,
      leadStatus: row.lead_status,
      created: { ...stamp(row.created_at), age: ageLabel(row.created_at, now) },
      quoteOverdue:
        row.status === "pending_quote" &&
        now.getTime() - Date.parse(row.created_at) > QUOTE_DUE_FLAG_MS,
      assignment: offer
        ? {
            status: offer.status,
            label: ASSIGNMENT_LABELS[offer.status] ?? offer.status,
            cleaner: offer.cleaner_name,
            expires: offer.status === "pending" ? stamp(offer.response_deadline).label : null,
          }
        : null,
      jobDate: booking ? formatDateAndSlot(booking.scheduled_date, booking.time_slot) : null,
      crew,
      // docs/decisions/0060-crews-and-cleaner-holds.md: a crew of more than one says how far it is staffed
      staffing:
        booking && booking.crew_size > 1 ? staffingLabel(crew.length, booking.crew_size) : null,
      paidOrCompleted: paidOrCompleted.has(row.id),
      followUps: followUps.get(row.id) ?? 0,
      inColumnTotal: live,
      columnCents: live ? (row.total_cents ?? 0) - (partRefunded.get(row.id) ?? 0) : 0,
    };
  });
}

/** A lead moved, deleted or restored: whose it is, and false when it already was so. */
export type LeadChange = Result<{ changed: boolean; name: string }, "reason">;

/**
 * A board move by staff (drag, keyboard or "Move to…"), in one transaction with its audit entry.
 * docs/decisions/0057-paid-work-to-lost-needs-a-reason.md: a lead with paid or completed work goes
 * to Lost only with a reason, which the audit entry keeps; without one nothing is written.
 */
export async function moveLead(
  db: Kysely<Database>,
  input: { quoteId: string; to: LeadStatus; reason?: string; actor: LeadActor; at?: Date },
): Promise<LeadChange> {
  return db.transaction().execute(async (trx) => {
    const reason = input.reason?.trim() || undefined;
    if (input.to === "lost" && !reason) {
      const lead = await findLeadStatus(trx, input.quoteId);
      if (!lead) return failure("not_found", LEADS_TEXT.notFound);
      const paid = await findPaidOrCompletedQuoteIds(trx, [input.quoteId]);
      if (lead.lead_status !== "lost" && paid.has(input.quoteId)) {
        return fieldFailure("invalid", "reason", LEADS_TEXT.lostReasonRequired);
      }
    }
    const change = await changeLeadStatus(trx, {
      ...input,
      reason,
      at: input.at ?? new Date(),
    });
    if (change === "not-found") return failure("not_found", LEADS_TEXT.notFound);
    const lead = await findLeadName(trx, input.quoteId);
    return { ok: true, changed: change !== null, name: lead?.client_name ?? "" };
  });
}

/**
 * Soft delete (the lead leaves every list, board and count; its history stays) or the Undo that
 * brings it back; either is audited in the same transaction.
 */
export async function setLeadDeleted(
  db: Kysely<Database>,
  input: { quoteId: string; deleted: boolean; actor: LeadActor; at?: Date },
): Promise<LeadChange> {
  const at = (input.at ?? new Date()).toISOString();
  return db.transaction().execute(async (trx) => {
    const lead = await findLeadName(trx, input.quoteId);
    if (!lead) return failure("not_found", LEADS_TEXT.notFound);
    const changed = await setLeadDeletedAt(trx, input.quoteId, input.deleted ? at : null, at);
    if (!changed) return { ok: true, changed: false, name: lead.client_name };
    await auditLead(
      trx,
      input.quoteId,
      input.deleted ? LEAD_DELETED : LEAD_RESTORED,
      input.actor,
      at,
      null,
    );
    return { ok: true, changed: true, name: lead.client_name };
  });
}
