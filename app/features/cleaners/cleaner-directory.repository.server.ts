import { sql, type Kysely } from "kysely";
import type { CleanerStatus, Database } from "~/server/database";
import type { DirectorySort } from "./cleaner-directory";
import { containsPattern } from "~/lib/like-pattern";

// The directory's SQL (docs/product/back-office.md#cleaner-directory): one bounded, keyset page in
// the chosen order, with the id as tie-break, read through the indexes of migration
// 2026_11_25_1240_cleaner_directory_indexes. The same query on SQLite and PostgreSQL.

const SORT_COLUMNS = { rating: "rating", name: "name", jobs: "completed_jobs" } as const;

export type DirectoryQuery = {
  search?: string;
  status?: CleanerStatus;
  service?: string;
  /** docs/decisions/0056-application-outcomes-and-documents.md: open or declined */
  application?: "open" | "declined";
  sort: DirectorySort;
  direction: "asc" | "desc";
  /** The last row of the previous page: its sort value and id */
  after?: { value: string; id: string };
  limit: number;
};

export async function findDirectoryPage(db: Kysely<Database>, query: DirectoryQuery) {
  const column = SORT_COLUMNS[query.sort];
  const numeric = query.sort !== "name";
  let select = db
    .selectFrom("cleaners")
    .select([
      "id",
      "name",
      "photo",
      "location",
      "rating",
      "status",
      "application_outcome",
      "services",
      "completed_jobs",
      "active_bookings",
    ]);
  if (query.status) select = select.where("status", "=", query.status);
  if (query.application === "declined") {
    select = select.where("application_outcome", "=", "declined");
  } else if (query.application === "open") {
    select = select.where("application_outcome", "is", null);
  }
  if (query.service) {
    // services is a JSON list of names: a name is matched with its quotes.
    select = select.where("services", "like", `%${JSON.stringify(query.service)}%`);
  }
  if (query.search) {
    // One lower() and one LIKE over the text fields joined (a search cannot use an index, so
    // each row's cost is what counts), and the phone as typed. A newline, which a search box
    // cannot hold, keeps a match from running from one field into the next.
    const pattern = containsPattern(query.search);
    select = select.where((eb) =>
      eb.or([
        eb(
          sql`lower(name || ${"\n"} || email || ${"\n"} || coalesce(location, ''))`,
          "like",
          sql`${pattern} escape '\\'`,
        ),
        eb(sql`phone`, "like", sql`${pattern} escape '\\'`),
      ]),
    );
  }
  const after = query.after;
  if (after) {
    const value = numeric ? Number(after.value) : after.value;
    if (!numeric || Number.isFinite(value)) {
      const op = query.direction === "desc" ? "<" : ">";
      select = select.where((eb) =>
        eb(eb.refTuple(column, "id"), op, eb.tuple(value as never, after.id)),
      );
    }
  }
  return select
    .orderBy(column, query.direction)
    .orderBy("id", query.direction)
    .limit(query.limit)
    .execute();
}

/** Whether any cleaner exists at all. */
export async function anyCleanerExists(db: Kysely<Database>) {
  const row = await db.selectFrom("cleaners").select("id").limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Applicants whose application is still open (not declined). */
export async function countOpenApplications(db: Kysely<Database>) {
  const row = await db
    .selectFrom("cleaners")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("status", "=", "pending_review")
    .where("application_outcome", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
