import type { Kysely, Updateable } from "kysely";
import type {
  Database,
  NewBackgroundImage,
  NewReview,
  NewRoomImage,
  ReviewsTable,
  RoomKey,
} from "~/server/database";
import { parseImageWidths } from "~/server/images.repository.server";

// All SQL of the Marketing screen: hero slides (background_images), the room cards' photos
// (room_images) and reviews. Callers pass a transaction when a write must bump the content version.

export async function listBackgroundImages(db: Kysely<Database>) {
  const rows = await db
    .selectFrom("background_images as b")
    .leftJoin("images as i", "i.key", "b.image_key")
    .select(["b.id", "b.title", "b.sort_order", "b.source", "b.image_key", "b.url"])
    .select(["b.width", "b.height", "b.alt", "i.widths"])
    .orderBy("b.sort_order")
    .orderBy("b.id")
    .execute();
  return rows.map((row) => ({ ...row, widths: parseImageWidths(row.widths) }));
}

export async function findHighestImageOrder(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("background_images")
    .select((eb) => eb.fn.max("sort_order").as("highest"))
    .executeTakeFirst();
  return row?.highest == null ? 0 : Number(row.highest);
}

export async function insertBackgroundImage(db: Kysely<Database>, row: NewBackgroundImage) {
  await db.insertInto("background_images").values(row).execute();
}

export async function findBackgroundImage(db: Kysely<Database>, id: string) {
  return db
    .selectFrom("background_images")
    .select(["id", "sort_order"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** The slide just before (up) or after (down) `sortOrder`, or undefined at either end. */
export async function findNeighbourImage(
  db: Kysely<Database>,
  image: { id: string; sort_order: number },
  direction: "up" | "down",
) {
  const up = direction === "up";
  return db
    .selectFrom("background_images")
    .select(["id", "sort_order"])
    .where((eb) =>
      eb.or([
        eb("sort_order", up ? "<" : ">", image.sort_order),
        eb.and([eb("sort_order", "=", image.sort_order), eb("id", up ? "<" : ">", image.id)]),
      ]),
    )
    .orderBy("sort_order", up ? "desc" : "asc")
    .orderBy("id", up ? "desc" : "asc")
    .limit(1)
    .executeTakeFirst();
}

export async function updateImageOrder(
  db: Kysely<Database>,
  id: string,
  sortOrder: number,
  at: string,
) {
  await db
    .updateTable("background_images")
    .set({ sort_order: sortOrder, updated_at: at })
    .where("id", "=", id)
    .execute();
}

/** Deletes one slide; true when it existed. */
export async function deleteBackgroundImage(db: Kysely<Database>, id: string) {
  const result = await db.deleteFrom("background_images").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function listRoomImages(db: Kysely<Database>) {
  const rows = await db
    .selectFrom("room_images as r")
    .leftJoin("images as i", "i.key", "r.image_key")
    .select(["r.room", "r.source", "r.image_key", "r.url", "r.width", "r.height", "r.alt"])
    .select("i.widths")
    .execute();
  return rows.map((row) => ({ ...row, widths: parseImageWidths(row.widths) }));
}

/** Sets a room card's photo: the room's one row is replaced in place, or made. */
export async function upsertRoomImage(db: Kysely<Database>, row: NewRoomImage) {
  const { id: _id, room: _room, created_at: _created, ...change } = row;
  await db
    .insertInto("room_images")
    .values(row)
    .onConflict((oc) => oc.column("room").doUpdateSet(change))
    .execute();
}

export async function findRoomImage(db: Kysely<Database>, room: RoomKey) {
  return db
    .selectFrom("room_images")
    .select(["room", "url", "image_key"])
    .where("room", "=", room)
    .executeTakeFirst();
}

const REVIEW_COLUMNS = [
  "r.id",
  "r.client_name",
  "r.location",
  "r.rating",
  "r.comment",
  "r.photo_url",
  "r.verified",
  "r.show_on_home",
  "r.service_label",
  "r.cleaner_id",
  "r.created_at",
] as const;

/**
 * One page of reviews, newest first, by keyset on (created_at, id): `after` the last row of the
 * page before, or `before` the first row of the page after. Returns one row more than `limit`
 * when there is more in that direction.
 */
export async function listReviewsPage(
  db: Kysely<Database>,
  page: {
    after?: { value: string; id: string };
    before?: { value: string; id: string };
    limit: number;
  },
) {
  const backwards = page.before !== undefined;
  const cursor = page.before ?? page.after;
  let query = db
    .selectFrom("reviews as r")
    .leftJoin("cleaners as c", "c.id", "r.cleaner_id")
    .select(REVIEW_COLUMNS)
    .select("c.name as cleaner_name");
  if (cursor) {
    const op = backwards ? ">" : "<";
    query = query.where((eb) =>
      eb.or([
        eb("r.created_at", op, cursor.value),
        eb.and([eb("r.created_at", "=", cursor.value), eb("r.id", op, cursor.id)]),
      ]),
    );
  }
  const direction = backwards ? "asc" : "desc";
  const rows = await query
    .orderBy("r.created_at", direction)
    .orderBy("r.id", direction)
    .limit(page.limit + 1)
    .execute();
  return rows;
}

export async function insertReview(db: Kysely<Database>, row: NewReview) {
  await db.insertInto("reviews").values(row).execute();
}

/** Changes a review; true when it existed. */
export async function updateReview(
  db: Kysely<Database>,
  id: string,
  change: Updateable<ReviewsTable>,
) {
  const result = await db
    .updateTable("reviews")
    .set(change)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function findReviewFlags(db: Kysely<Database>, id: string) {
  return db
    .selectFrom("reviews")
    .select(["id", "verified", "show_on_home"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Deletes a review; true when it existed. */
export async function deleteReview(db: Kysely<Database>, id: string) {
  const result = await db.deleteFrom("reviews").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function countReviews(db: Kysely<Database>) {
  const row = await db
    .selectFrom("reviews")
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The cleaners a review may name, for the form's select. */
export async function listCleanerChoices(db: Kysely<Database>) {
  return db.selectFrom("cleaners").select(["id", "name"]).orderBy("name").execute();
}

export async function cleanerExists(db: Kysely<Database>, id: string) {
  const row = await db.selectFrom("cleaners").select("id").where("id", "=", id).executeTakeFirst();
  return row !== undefined;
}
