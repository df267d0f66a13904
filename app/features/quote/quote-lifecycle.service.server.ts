import type { Kysely } from "kysely";
import { newId } from "~/lib/ids";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { AuditLogTable, Database, LeadStatus, QuoteStatus } from "~/server/database";
import {
  findQuoteStatuses,
  findQuoteToBook,
  findQuoteToBookById,
  findQuotesToBookByIds as findQuotesToBookRows,
  updateQuoteStatusesIf,
} from "./quote-lifecycle.repository.server";

// A quote's moves along docs/decisions/0027-lead-lifecycle.md, for the features that cause them
// (bookings, payments, assignments). Each is a compare-and-set plus an audit entry in the
// caller's transaction, like app/features/cleaners/cleaner-status.server.ts.

export const QUOTE_STATUS_CHANGED = "quote.status_changed";

export type QuoteActor = { type: AuditLogTable["actor_type"]; id: string | null };

export type QuoteStatuses = { status: QuoteStatus; leadStatus: LeadStatus };

export type QuoteToBook = {
  id: string;
  reference: string;
  clientName: string;
  clientEmail: string;
  clientPhone: string | null;
  customerId: string | null;
  serviceType: string;
  spaceDetails: Record<string, unknown>;
  cleaningLevel: string | null;
  hours: number | null;
  /** How many cleaners share the hours; null on a quote priced before it was kept. */
  cleaners: number | null;
  hourlyRateCents: number | null;
  totalCents: number | null;
  status: QuoteStatus;
  leadStatus: LeadStatus;
};

function toQuoteToBook(row: NonNullable<Awaited<ReturnType<typeof findQuoteToBook>>>): QuoteToBook {
  let spaceDetails: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row.space_details);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
      spaceDetails = parsed as Record<string, unknown>;
    }
  } catch {
    // an unreadable space_details books like an empty one
  }
  return {
    id: row.id,
    reference: row.reference,
    clientName: row.client_name,
    clientEmail: row.client_email,
    clientPhone: row.client_phone,
    customerId: row.customer_id,
    serviceType: row.service_type,
    spaceDetails,
    cleaningLevel: row.cleaning_level,
    hours: row.estimated_hours === null ? null : Number(row.estimated_hours),
    cleaners: row.cleaners_needed === null ? null : Number(row.cleaners_needed),
    hourlyRateCents: row.hourly_rate_cents === null ? null : Number(row.hourly_rate_cents),
    totalCents: row.total_cents === null ? null : Number(row.total_cents),
    status: row.status,
    leadStatus: row.lead_status,
  };
}

/** The live quote behind a reference, with what a booking needs of it; null when unknown. */
export async function findQuoteToBookByReference(
  db: Kysely<Database>,
  reference: string,
): Promise<QuoteToBook | null> {
  const row = await findQuoteToBook(db, reference);
  return row ? toQuoteToBook(row) : null;
}

export async function findQuoteToBookByQuoteId(
  db: Kysely<Database>,
  id: string,
): Promise<QuoteToBook | null> {
  const row = await findQuoteToBookById(db, id);
  return row ? toQuoteToBook(row) : null;
}

/** The quotes of `ids` that exist, by id: one query for many (the sweep's page of series). */
export async function findQuotesToBookByIds(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Map<string, QuoteToBook>> {
  const rows = await findQuotesToBookRows(db, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, toQuoteToBook(row)]));
}

/**
 * Moves a quote to the statuses `next` computes from its current ones, with an audit entry
 * {from, to}; nothing is written when they are unchanged. Retries when another change got in
 * between the read and the write. Returns the change, or null when there was none.
 */
export async function moveQuote(
  trx: Kysely<Database>,
  input: {
    quoteId: string;
    next: (current: QuoteStatuses) => QuoteStatuses;
    /** Also written with the move (not compared) */
    set?: { scheduledDate?: string | null; customerId?: string | null };
    actor: QuoteActor;
    /** What caused the move, kept in the audit entry: "booking.created" */
    reason: string;
    at: Date;
  },
): Promise<{ from: QuoteStatuses; to: QuoteStatuses } | null> {
  const at = input.at.toISOString();
  for (;;) {
    const row = await findQuoteStatuses(trx, input.quoteId);
    if (!row) throw new Error(`No quote ${input.quoteId}`);
    const from: QuoteStatuses = { status: row.status, leadStatus: row.lead_status };
    const to = input.next(from);
    const unchanged = to.status === from.status && to.leadStatus === from.leadStatus;
    if (unchanged && !input.set) return null;
    const moved = await updateQuoteStatusesIf(
      trx,
      input.quoteId,
      { status: from.status, lead_status: from.leadStatus },
      {
        status: to.status,
        lead_status: to.leadStatus,
        ...(input.set?.scheduledDate !== undefined
          ? { scheduled_date: input.set.scheduledDate }
          : {}),
        ...(input.set?.customerId !== undefined ? { customer_id: input.set.customerId } : {}),
      },
      at,
    );
    if (!moved) continue;
    if (unchanged) return null;
    await insertAuditEntry(trx, {
      id: newId(),
      actor_type: input.actor.type,
      actor_id: input.actor.id,
      action: QUOTE_STATUS_CHANGED,
      subject_type: "quote",
      subject_id: input.quoteId,
      details: JSON.stringify({ from, to, reason: input.reason }),
      created_at: at,
    });
    return { from, to };
  }
}
