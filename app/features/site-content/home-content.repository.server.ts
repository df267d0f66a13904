import type { Kysely } from "kysely";
import type { Database } from "~/server/database";
import { parseImageWidths } from "~/server/images.repository.server";

/** The home page's rows: hero slides, room photos and the featured reviews. Three small indexed reads. */
export async function findHomeRows(db: Kysely<Database>, testimonialLimit: number) {
  const [slides, rooms, reviews] = await Promise.all([
    db
      .selectFrom("background_images as b")
      .leftJoin("images as i", "i.key", "b.image_key")
      .select(["b.id", "b.title", "b.source", "b.image_key", "b.url", "b.width", "b.height"])
      .select(["b.alt", "i.widths"])
      .orderBy("b.sort_order")
      .execute(),
    db
      .selectFrom("room_images as r")
      .leftJoin("images as i", "i.key", "r.image_key")
      .select(["r.room", "r.source", "r.image_key", "r.url", "r.width", "r.height", "r.alt"])
      .select("i.widths")
      .execute(),
    findTestimonialRows(db, testimonialLimit),
  ]);
  return {
    slides: slides.map((slide) => ({ ...slide, widths: parseImageWidths(slide.widths) })),
    rooms: rooms.map((room) => ({ ...room, widths: parseImageWidths(room.widths) })),
    reviews,
  };
}

/**
 * The verified reviews staff chose for the home page, newest first; while none is chosen, the
 * newest verified ones (docs/decisions/0023-honest-reviews.md).
 */
async function findTestimonialRows(db: Kysely<Database>, limit: number) {
  const verified = (chosen: boolean) => {
    let query = db
      .selectFrom("reviews")
      .select(["id", "client_name", "rating", "comment", "service_label", "location"])
      .where("verified", "=", 1);
    if (chosen) query = query.where("show_on_home", "=", 1);
    return query.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
  };
  const chosen = await verified(true);
  return chosen.length > 0 ? chosen : verified(false);
}
