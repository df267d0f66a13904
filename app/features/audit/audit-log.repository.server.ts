import type { Kysely } from "kysely";
import type { Database } from "~/server/database";

// The audit screen's reads (docs/decisions/0055-cleaner-edits-and-audit-log.md).
// Pages are keyed by (created_at, id), newest first, never by OFFSET: a page starts after the last
// row of the one before, so rows written meanwhile neither repeat nor hide one. Each filter has an
// index ending in that order (migration 2026_11_27_0830_audit_log_keyset).

export type AuditQuery = {
  action?: string;
  actorId?: string;
  /** The subject's id, and the ids a typed reference names */
  subjectIds?: string[];
  /** ISO instants: from included, until excluded */
  from?: string;
  until?: string;
  before?: { createdAt: string; id: string };
  limit: number;
};

export async function listAuditRows(db: Kysely<Database>, query: AuditQuery) {
  let select = db
    .selectFrom("audit_log")
    .leftJoin("staff_users", (join) =>
      join
        .onRef("staff_users.id", "=", "audit_log.actor_id")
        .on("audit_log.actor_type", "=", "staff"),
    )
    .select([
      "audit_log.id",
      "audit_log.actor_type",
      "audit_log.actor_id",
      "audit_log.action",
      "audit_log.subject_type",
      "audit_log.subject_id",
      "audit_log.details",
      "audit_log.created_at",
      "staff_users.name as staff_name",
    ]);
  if (query.action) select = select.where("audit_log.action", "=", query.action);
  if (query.actorId) select = select.where("audit_log.actor_id", "=", query.actorId);
  if (query.subjectIds) select = select.where("audit_log.subject_id", "in", query.subjectIds);
  if (query.from) select = select.where("audit_log.created_at", ">=", query.from);
  if (query.until) select = select.where("audit_log.created_at", "<", query.until);
  const before = query.before;
  if (before) {
    // A row-value bound, which both databases start an index range at; the same test spelt
    // with OR made PostgreSQL read every newer entry before the page (docs/benchmarks.md,
    // "Admin lists at 10× data").
    select = select.where((eb) =>
      eb(
        eb.refTuple("audit_log.created_at", "audit_log.id"),
        "<",
        eb.tuple(before.createdAt, before.id),
      ),
    );
  }
  return select
    .orderBy("audit_log.created_at", "desc")
    .orderBy("audit_log.id", "desc")
    .limit(query.limit)
    .execute();
}

/** Everyone who has had a staff account, deactivated ones too: the log still names them. */
export async function listStaffNames(db: Kysely<Database>) {
  return db
    .selectFrom("staff_users")
    .select(["id", "name"])
    .orderBy("name")
    .orderBy("id")
    .execute();
}

/** The quotes and bookings a typed reference (HG-…, BK-…) names, so it finds their entries. */
export async function findIdsByReference(db: Kysely<Database>, references: readonly string[]) {
  const quotes = await db
    .selectFrom("quotes")
    .select("id")
    .where("reference", "in", references)
    .execute();
  const bookings = await db
    .selectFrom("bookings")
    .select("id")
    .where("reference", "in", references)
    .execute();
  return [...quotes, ...bookings].map((row) => row.id);
}

/**
 * How the page names the subjects of `ids`: a quote or booking by its reference (a booking with
 * its quote, whose page it opens), a cleaner by name.
 */
export async function findSubjectNames(db: Kysely<Database>, ids: readonly string[]) {
  if (ids.length === 0) return { quotes: [], bookings: [], cleaners: [] };
  const unique = [...new Set(ids)];
  const quotes = await db
    .selectFrom("quotes")
    .select(["id", "reference"])
    .where("id", "in", unique)
    .execute();
  const bookings = await db
    .selectFrom("bookings")
    .select(["id", "reference", "quote_id"])
    .where("id", "in", unique)
    .execute();
  const cleaners = await db
    .selectFrom("cleaners")
    .select(["id", "name"])
    .where("id", "in", unique)
    .execute();
  return { quotes, bookings, cleaners };
}
