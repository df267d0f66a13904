import type { Kysely } from "kysely";
import type { Database } from "~/server/database";

/** Count and average of every verified review of the business. */
export async function findBusinessRating(db: Kysely<Database>) {
  const row = await db
    .selectFrom("reviews")
    .select((eb) => [
      eb.fn.countAll<number>().as("count"),
      eb.fn.avg<number>("rating").as("average"),
    ])
    .where("verified", "=", 1)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), average: row.average === null ? null : Number(row.average) };
}
