import type { Kysely } from "kysely";
import { z } from "zod";
import { jsonColumnOr } from "~/lib/json-column";
import type { CleanerStatus, Database } from "~/server/database";
import { parseImageWidths } from "~/server/images.repository.server";

/** Cleaners a visitor may see (docs/decisions/0012-real-customer-data.md): working ones. Applicants and suspended cleaners never. */
export const PUBLIC_CLEANER_STATUSES: readonly CleanerStatus[] = ["available", "busy", "offline"];

// The only cleaner columns that leave this file: never email, phone, bank, tax or notes (docs/decisions/0012-real-customer-data.md).
const PUBLIC_COLUMNS = [
  "cleaners.id",
  "cleaners.name",
  "cleaners.photo",
  "cleaners.location",
  "cleaners.services",
  "cleaners.availability",
  "cleaners.working_hours",
  "cleaners.about",
  "cleaners.status",
  "cleaners.updated_at",
] as const;

/**
 * cleaners.availability (weekday names) and cleaners.services (service names): JSON lists of
 * text. A list that does not fit reads as empty, so the profile shows nothing there rather than
 * the public page failing.
 */
export const CleanerTextListSchema = z.array(z.string());

export async function findPublicCleaner(db: Kysely<Database>, id: string) {
  const row = await db
    .selectFrom("cleaners")
    .leftJoin("images", "images.key", "cleaners.photo")
    .select(PUBLIC_COLUMNS)
    .select([
      "images.width as photo_width",
      "images.height as photo_height",
      "images.widths as photo_widths",
    ])
    .where("cleaners.id", "=", id)
    .where("cleaners.status", "in", PUBLIC_CLEANER_STATUSES)
    .executeTakeFirst();
  return (
    row && {
      ...row,
      availability: jsonColumnOr(CleanerTextListSchema, row.availability, []),
      services: jsonColumnOr(CleanerTextListSchema, row.services, []),
      photo_widths: parseImageWidths(row.photo_widths),
    }
  );
}

/** Count and average of a cleaner's verified reviews. */
export async function findCleanerRating(db: Kysely<Database>, cleanerId: string) {
  const row = await db
    .selectFrom("reviews")
    .select((eb) => [
      eb.fn.countAll<number>().as("count"),
      eb.fn.avg<number>("rating").as("average"),
    ])
    .where("cleaner_id", "=", cleanerId)
    .where("verified", "=", 1)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), average: row.average === null ? null : Number(row.average) };
}

/** Ids and last changes of every public profile, for the sitemap. */
export async function listPublicCleanerIds(db: Kysely<Database>) {
  return db
    .selectFrom("cleaners")
    .select(["id", "updated_at"])
    .where("status", "in", PUBLIC_CLEANER_STATUSES)
    .orderBy("id")
    .execute();
}

/**
 * The home page's "Meet the team": available cleaners' public columns, most
 * experienced first (completed jobs), then by name so the order is the same on both dialects.
 */
export async function listAvailableCleaners(db: Kysely<Database>, limit: number) {
  const rows = await db
    .selectFrom("cleaners")
    .leftJoin("images", "images.key", "cleaners.photo")
    .select(PUBLIC_COLUMNS)
    .select([
      "images.width as photo_width",
      "images.height as photo_height",
      "images.widths as photo_widths",
    ])
    .where("cleaners.status", "=", "available")
    .orderBy("cleaners.completed_jobs", "desc")
    .orderBy("cleaners.name")
    .orderBy("cleaners.id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...row,
    availability: jsonColumnOr(CleanerTextListSchema, row.availability, []),
    services: jsonColumnOr(CleanerTextListSchema, row.services, []),
    photo_widths: parseImageWidths(row.photo_widths),
  }));
}
