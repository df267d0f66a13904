import type { Kysely } from "kysely";
import type { Database, NewSuburb, SuburbRow } from "~/server/database";

export type { SuburbRow };

// 7 columns x 500 rows stays far below both dialects' bound-parameter limits.
const CHUNK = 500;

export async function countSuburbs(db: Kysely<Database>) {
  const { count } = await db
    .selectFrom("suburbs")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Inserts in one transaction; a suburb already present (same name and postcode) is kept. */
export async function insertSuburbs(db: Kysely<Database>, rows: NewSuburb[]) {
  return db.transaction().execute(async (trx) => {
    let inserted = 0;
    for (let start = 0; start < rows.length; start += CHUNK) {
      const result = await trx
        .insertInto("suburbs")
        .values(rows.slice(start, start + CHUNK))
        .onConflict((oc) => oc.columns(["name", "postcode"]).doNothing())
        .executeTakeFirst();
      inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
    return inserted;
  });
}

// A generous bound: the longest one-letter prefix in the NSW list has about 450 suburbs.
const MATCH_CAP = 1000;

/** Suburbs whose lower-cased name starts with `prefix` (already lower-case and wildcard-free). */
export async function findSuburbsByNamePrefix(db: Kysely<Database>, prefix: string) {
  return db
    .selectFrom("suburbs")
    .selectAll()
    .where((eb) => eb(eb.fn("lower", ["name"]), "like", `${prefix}%`))
    .limit(MATCH_CAP)
    .execute();
}

export async function findSuburbsByPostcodePrefix(db: Kysely<Database>, prefix: string) {
  return db
    .selectFrom("suburbs")
    .selectAll()
    .where("postcode", "like", `${prefix}%`)
    .limit(MATCH_CAP)
    .execute();
}

/** The suburbs with this postcode (a handful at most). */
export async function findSuburbsByPostcode(db: Kysely<Database>, postcode: string) {
  return db.selectFrom("suburbs").selectAll().where("postcode", "=", postcode).execute();
}

/** The suburbs whose lower-cased name is one of `names`, with this postcode when one is given. */
export async function findSuburbsNamed(
  db: Kysely<Database>,
  names: string[],
  postcode: string | undefined,
) {
  let query = db
    .selectFrom("suburbs")
    .select(["name", "postcode"])
    .where((eb) => eb(eb.fn("lower", ["name"]), "in", names));
  if (postcode) query = query.where("postcode", "=", postcode);
  return query.limit(1).execute();
}
