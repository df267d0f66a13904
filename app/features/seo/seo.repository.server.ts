import type { Kysely } from "kysely";
import type { Database } from "~/server/database";
import { parseImageWidths } from "~/server/images.repository.server";

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

/**
 * The first hero slide's uploaded image and its variant widths, if the first slide is an upload
 * (in the hero's order, home-content.server.ts); a later upload never stands in for it.
 */
export async function findFirstUploadedHero(db: Kysely<Database>) {
  const first = await db
    .selectFrom("background_images as b")
    .leftJoin("images as i", "i.key", "b.image_key")
    .select(["b.source", "b.image_key", "i.widths"])
    .orderBy("b.sort_order")
    .limit(1)
    .executeTakeFirst();
  const widths = parseImageWidths(first?.widths);
  if (first?.source !== "upload" || !first.image_key || !widths) return undefined;
  return { image_key: first.image_key, widths };
}
