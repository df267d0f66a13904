import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { Database, LeadStatus, QuoteStatus, ServiceType } from "~/server/database";

// All SQL of the leads screen. Searches go through the trigram indexes of migration
// 2026_11_25_1310 (docs/decisions/0031-leads-search-and-board-totals.md): FTS5 with the trigram
// tokenizer on SQLite, a pg_trgm GIN index on PostgreSQL; both answer LIKE '%term%' from the index.

export type LeadQuery = {
  /** Already reduced to what the index holds (see searchTerm in the service). */
  search?: string;
  status?: QuoteStatus;
  leadStatus?: LeadStatus;
  serviceType?: ServiceType;
};

export type KeysetPage = {
  cursor?: { createdAt: string; id: string };
  /** "older" follows the list down; "newer" walks back up. */
  direction: "older" | "newer";
  limit: number;
};

const LEAD_COLUMNS = [
  "q.id",
  "q.reference",
  "q.client_name",
  "q.client_email",
  "q.client_phone",
  "q.customer_id",
  "q.service_type",
  "q.cleaning_level",
  "q.estimated_hours",
  "q.total_cents",
  "q.status",
  "q.lead_status",
  "q.created_at",
] as const;

function isPostgres(db: Kysely<Database>) {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

const POSTGRES_HAYSTACK = sql`(q.client_name || ' ' || q.client_email || ' ' ||
  coalesce(regexp_replace(q.client_phone, '[^0-9]', '', 'g'), '') || ' ' || q.reference)`;

/** Live leads matching the query; the search uses the dialect's trigram index. */
function leadsMatching(db: Kysely<Database>, query: LeadQuery) {
  let select = db.selectFrom("quotes as q").where("q.deleted_at", "is", null);
  if (query.status) select = select.where("q.status", "=", query.status);
  if (query.leadStatus) select = select.where("q.lead_status", "=", query.leadStatus);
  if (query.serviceType) select = select.where("q.service_type", "=", query.serviceType);
  if (query.search) select = select.where(searchCondition(db, query.search));
  return select;
}

function searchCondition(db: Kysely<Database>, search: string) {
  const pattern = `%${search}%`;
  if (isPostgres(db)) return sql<boolean>`${POSTGRES_HAYSTACK} ilike ${pattern}`;
  return sql<boolean>`q.id in (select k.quote_id from quote_search_keys k
    where k.id in (select rowid from quotes_search where haystack like ${pattern}))`;
}

/**
 * The matching leads' columns, as a table "q" to order and page. With a search on PostgreSQL the
 * matches are found first (OFFSET 0 keeps the planner from walking the created_at index and
 * testing every lead when it overestimates how many a short term matches), then sorted.
 */
function leadRows(db: Kysely<Database>, query: LeadQuery) {
  const matching = leadsMatching(db, query).select(LEAD_COLUMNS);
  const fenced = query.search && isPostgres(db) ? matching.offset(0) : matching;
  return db.selectFrom(fenced.as("q")).selectAll();
}

/** One keyset page, newest first (created_at, then id); one row more than `limit` tells if more follow. */
export async function listLeadRows(db: Kysely<Database>, query: LeadQuery, page: KeysetPage) {
  let select = leadRows(db, query);
  const { cursor } = page;
  if (cursor) {
    const op = page.direction === "older" ? "<" : ">";
    select = select.where((eb) =>
      eb(eb.refTuple("q.created_at", "q.id"), op, eb.tuple(cursor.createdAt, cursor.id)),
    );
  }
  const order = page.direction === "older" ? "desc" : "asc";
  const rows = await select
    .orderBy("q.created_at", order)
    .orderBy("q.id", order)
    .limit(page.limit + 1)
    .execute();
  return rows;
}

export type LeadRow = Awaited<ReturnType<typeof listLeadRows>>[number];

/** The newest cards of one board column. */
export async function listColumnRows(
  db: Kysely<Database>,
  query: LeadQuery,
  leadStatus: LeadStatus,
  limit: number,
) {
  return leadRows(db, { ...query, leadStatus })
    .orderBy("q.created_at", "desc")
    .orderBy("q.id", "desc")
    .limit(limit)
    .execute();
}

/**
 * Per lead_status, over every lead the query matches: how many, and the sum of the totals of
 * those not cancelled. Without a search they come from lead_board_totals (a few rows per column,
 * kept by triggers); with one, from the matching leads, which the trigram index finds.
 */
export async function sumBoardColumns(db: Kysely<Database>, query: LeadQuery) {
  if (query.search) {
    return leadsMatching(db, query)
      .select((eb) => [
        "q.lead_status as lead_status",
        eb.fn.countAll<number>().as("leads"),
        eb.fn
          .coalesce(
            eb.fn.sum<number>(
              eb.case().when("q.status", "<>", "cancelled").then(eb.ref("q.total_cents")).end(),
            ),
            eb.lit(0),
          )
          .as("total_cents"),
      ])
      .groupBy("q.lead_status")
      .execute();
  }
  let select = db.selectFrom("lead_board_totals");
  if (query.status) select = select.where("status", "=", query.status);
  if (query.serviceType) select = select.where("service_type", "=", query.serviceType);
  if (query.leadStatus) select = select.where("lead_status", "=", query.leadStatus);
  return select
    .select((eb) => [
      "lead_status",
      eb.fn.coalesce(eb.fn.sum<number>("leads"), eb.lit(0)).as("leads"),
      eb.fn
        .coalesce(
          eb.fn.sum<number>(
            eb.case().when("status", "<>", "cancelled").then(eb.ref("total_cents")).end(),
          ),
          eb.lit(0),
        )
        .as("total_cents"),
    ])
    .groupBy("lead_status")
    .execute();
}

/** Quotes whose payment was refunded and that have no paid one (payments_refunded_quote_idx). */
function refunded(db: Kysely<Database>) {
  return (
    db
      .selectFrom("payments as r")
      .select("r.quote_id")
      // A literal, not a parameter: SQLite reads a partial index only for a WHERE it can match
      // when the statement is prepared; with a parameter it read every payment.
      .where("r.status", "=", sql.lit("refunded"))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("payments as p")
              .select("p.id")
              .whereRef("p.quote_id", "=", "r.quote_id")
              .where("p.status", "=", "paid"),
          ),
        ),
      )
  );
}

/**
 * Per lead_status, the sum of the totals of the matching leads that are not cancelled but whose
 * payment was refunded: what sumBoardColumns counted and a live column must not.
 */
export async function sumRefundedLeadTotals(db: Kysely<Database>, query: LeadQuery) {
  return leadsMatching(db, query)
    .where("q.status", "<>", "cancelled")
    .where("q.id", "in", refunded(db))
    .select((eb) => [
      "q.lead_status as lead_status",
      eb.fn.coalesce(eb.fn.sum<number>("q.total_cents"), eb.lit(0)).as("total_cents"),
    ])
    .groupBy("q.lead_status")
    .execute();
}

/**
 * Per lead_status, the part refunds of the matching live leads: what was given back of a payment
 * that stays paid (docs/decisions/0043-payouts-and-refunds.md), which a live sum leaves out too.
 */
export async function sumPartRefundedCents(db: Kysely<Database>, query: LeadQuery) {
  return (
    leadsMatching(db, query)
      .innerJoin("payments as p", "p.quote_id", "q.id")
      .where("q.status", "<>", "cancelled")
      // Literals, not parameters: SQLite reads a partial index (payments_part_refunded_quote_idx)
      // only for a WHERE it can match when the statement is prepared.
      .where("p.status", "=", sql.lit("paid"))
      .where("p.refunded_cents", ">", sql.lit(0))
      .select((eb) => [
        "q.lead_status as lead_status",
        eb.fn.coalesce(eb.fn.sum<number>("p.refunded_cents"), eb.lit(0)).as("total_cents"),
      ])
      .groupBy("q.lead_status")
      .execute()
  );
}

/** Of `quoteIds`, what was refunded of each one's still-paid payments (none: not listed). */
export async function findPartRefundedCents(db: Kysely<Database>, quoteIds: string[]) {
  if (quoteIds.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom("payments")
    .select((eb) => ["quote_id", eb.fn.sum<number>("refunded_cents").as("refunded_cents")])
    .where("quote_id", "in", quoteIds)
    .where("status", "=", "paid")
    .where("refunded_cents", ">", 0)
    .groupBy("quote_id")
    .execute();
  return new Map(rows.map((row) => [row.quote_id, Number(row.refunded_cents)]));
}

/** Of `quoteIds`, those whose payment was refunded and that have no paid one. */
export async function findRefundedQuoteIds(db: Kysely<Database>, quoteIds: string[]) {
  if (quoteIds.length === 0) return new Set<string>();
  const rows = await refunded(db).where("r.quote_id", "in", quoteIds).execute();
  return new Set(rows.map((row) => row.quote_id));
}

/**
 * The offers of the cards' leads with their cleaners' names (docs/decisions/0013-cleaner-assignments.md),
 * newest first: one query for the whole board (assignments_quote_idx), never one per card.
 */
export async function findLatestAssignments(db: Kysely<Database>, quoteIds: string[]) {
  if (quoteIds.length === 0) return [];
  return db
    .selectFrom("assignments as a")
    .innerJoin("cleaners as c", "c.id", "a.cleaner_id")
    .select([
      "a.quote_id",
      "a.status",
      "a.response_deadline",
      "a.created_at",
      "c.name as cleaner_name",
    ])
    .where("a.quote_id", "in", quoteIds)
    .orderBy("a.created_at", "desc")
    .orderBy("a.id", "desc")
    .execute();
}

/** The cards' live (not cancelled) bookings, newest first, in one query (bookings_quote_idx). */
export async function findLiveBookingDates(db: Kysely<Database>, quoteIds: string[]) {
  if (quoteIds.length === 0) return [];
  return db
    .selectFrom("bookings")
    .select(["quote_id", "scheduled_date", "time_slot", "crew_size"])
    .where("quote_id", "in", quoteIds)
    .where("status", "<>", "cancelled")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/**
 * Of `quoteIds`, the leads with paid or completed work: a completed booking or a paid payment
 * (docs/decisions/0057-paid-work-to-lost-needs-a-reason.md). Both by their quote_id indexes.
 */
export async function findPaidOrCompletedQuoteIds(db: Kysely<Database>, quoteIds: string[]) {
  if (quoteIds.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom("bookings")
    .select("quote_id")
    .where("quote_id", "in", quoteIds)
    .where("status", "=", "completed")
    .union(
      db
        .selectFrom("payments")
        .select("quote_id")
        .where("quote_id", "in", quoteIds)
        .where("status", "=", "paid"),
    )
    .execute();
  return new Set(rows.map((row) => row.quote_id));
}

export async function findLeadStatus(db: Kysely<Database>, quoteId: string) {
  return db
    .selectFrom("quotes")
    .select(["lead_status", "client_name"])
    .where("id", "=", quoteId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

/** Moves a live lead between board columns; false when its lead_status was no longer `from`. */
export async function updateLeadStatusIf(
  db: Kysely<Database>,
  quoteId: string,
  from: LeadStatus,
  to: LeadStatus,
  at: string,
) {
  const result = await db
    .updateTable("quotes")
    .set({ lead_status: to, updated_at: at })
    .where("id", "=", quoteId)
    .where("lead_status", "=", from)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Soft-deletes (a time) or restores (null) a lead; false when it was already so. */
export async function setLeadDeletedAt(
  db: Kysely<Database>,
  quoteId: string,
  deletedAt: string | null,
  at: string,
) {
  const result = await db
    .updateTable("quotes")
    .set({ deleted_at: deletedAt, updated_at: at })
    .where("id", "=", quoteId)
    .where("deleted_at", deletedAt ? "is" : "is not", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function findLeadName(db: Kysely<Database>, quoteId: string) {
  return db
    .selectFrom("quotes")
    .select(["client_name", "deleted_at", "staff_notes"])
    .where("id", "=", quoteId)
    .executeTakeFirst();
}

export async function updateStaffNotes(
  db: Kysely<Database>,
  quoteId: string,
  notes: string | null,
  at: string,
) {
  const result = await db
    .updateTable("quotes")
    .set({ staff_notes: notes, updated_at: at })
    .where("id", "=", quoteId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Prices a staff quote if it still waits for one (compare-and-set on pending_quote). */
export async function priceStaffQuoteIf(
  db: Kysely<Database>,
  input: {
    quoteId: string;
    hours: number;
    hourlyRateCents: number;
    totalCents: number;
    explanation: string;
    at: string;
  },
) {
  const result = await db
    .updateTable("quotes")
    .set({
      estimated_hours: input.hours,
      cleaners_needed: 1,
      hourly_rate_cents: input.hourlyRateCents,
      total_cents: input.totalCents,
      notes: input.explanation,
      status: "pending",
      lead_status: "contacted",
      updated_at: input.at,
    })
    .where("id", "=", input.quoteId)
    .where("status", "=", "pending_quote")
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// The details dialog: the lead and what hangs off it, each read by the lead's id.

export async function findLeadById(db: Kysely<Database>, quoteId: string) {
  return db
    .selectFrom("quotes as q")
    .leftJoin("cleaners as c", "c.id", "q.preferred_cleaner_id")
    .selectAll("q")
    .select(["c.name as preferred_cleaner_name"])
    .where("q.id", "=", quoteId)
    .where("q.deleted_at", "is", null)
    .executeTakeFirst();
}

export async function findLeadPhotos(db: Kysely<Database>, quoteId: string) {
  return db
    .selectFrom("uploads")
    .select(["id", "width", "height"])
    .where("quote_id", "=", quoteId)
    .where("purpose", "=", "quote_photo")
    .orderBy("created_at")
    .execute();
}

export async function findLeadBookings(db: Kysely<Database>, quoteId: string) {
  return db
    .selectFrom("bookings as b")
    .select([
      "b.id",
      "b.reference",
      "b.scheduled_date",
      "b.time_slot",
      "b.address",
      "b.suburb",
      "b.postcode",
      "b.status",
      "b.created_at",
      "b.pay_on_the_day",
      (eb) =>
        eb
          .selectFrom("payments as p")
          .select("p.status")
          .whereRef("p.quote_id", "=", "b.quote_id")
          .orderBy("p.created_at", "desc")
          .limit(1)
          .as("payment_status"),
      (eb) =>
        eb
          .selectFrom("payments as p")
          .select("p.refunded_cents")
          .whereRef("p.quote_id", "=", "b.quote_id")
          .orderBy("p.created_at", "desc")
          .limit(1)
          .as("payment_refunded_cents"),
    ])
    .where("b.quote_id", "=", quoteId)
    .orderBy("b.created_at", "desc")
    .execute();
}

export async function findLeadAssignments(db: Kysely<Database>, quoteId: string) {
  return db
    .selectFrom("assignments as a")
    .innerJoin("cleaners as c", "c.id", "a.cleaner_id")
    .select([
      "a.id",
      "a.status",
      "a.scheduled_date",
      "a.time_slot",
      "a.response_deadline",
      "a.responded_at",
      "a.created_at",
      "c.name as cleaner_name",
    ])
    .where("a.quote_id", "=", quoteId)
    .orderBy("a.created_at")
    .execute();
}

export async function findLeadAuditEntries(db: Kysely<Database>, quoteId: string) {
  // The lead's own entries and those of its bookings and payments, where payments, refunds and
  // hold releases are audited (docs/decisions/0054-tax-invoice-receipts-and-one-price.md).
  return db
    .selectFrom("audit_log")
    .select(["id", "action", "actor_type", "subject_type", "subject_id", "details", "created_at"])
    .where((eb) =>
      eb.or([
        eb.and([eb("subject_type", "=", "quote"), eb("subject_id", "=", quoteId)]),
        eb.and([
          eb("subject_type", "=", "booking"),
          eb(
            "subject_id",
            "in",
            eb.selectFrom("bookings").select("id").where("quote_id", "=", quoteId),
          ),
        ]),
        eb.and([
          eb("subject_type", "=", "payment"),
          eb(
            "subject_id",
            "in",
            eb.selectFrom("payments").select("id").where("quote_id", "=", quoteId),
          ),
        ]),
      ]),
    )
    .orderBy("created_at")
    .limit(200)
    .execute();
}

/** The lead's emails and webhooks (read only; the outbox feature sends and retries them). */
export async function findLeadMessages(db: Kysely<Database>, quoteId: string) {
  return db
    .selectFrom("outbox_messages")
    .select([
      "id",
      "kind",
      "topic",
      "status",
      "attempts",
      "last_error",
      "last_status_code",
      "created_at",
      "delivered_at",
    ])
    .where("subject_type", "=", "quote")
    .where("subject_id", "=", quoteId)
    .where("kind", "in", ["email", "webhook"])
    .orderBy("created_at")
    .limit(100)
    .execute();
}
