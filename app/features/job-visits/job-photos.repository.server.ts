import type { Kysely } from "kysely";
import type { Database } from "~/server/database";

// The SQL of a job's before and after photos
// (docs/decisions/0087-job-photos-and-on-my-way-texts.md). A cleaner's writes name their own
// seat, so another cleaner's photo ids find nothing.

export type PhotoStage = "before" | "after";

export async function insertJobPhoto(
  db: Kysely<Database>,
  row: {
    id: string;
    booking_id: string;
    assignment_id: string;
    upload_id: string;
    stage: PhotoStage;
    created_at: string;
  },
) {
  await db.insertInto("job_photos").values(row).execute();
}

export async function countSeatPhotos(db: Kysely<Database>, assignmentId: string) {
  const row = await db
    .selectFrom("job_photos")
    .where("assignment_id", "=", assignmentId)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The photos of some bookings' seats, oldest first, with the seat's cleaner. */
export async function findPhotosOfBookings(db: Kysely<Database>, bookingIds: readonly string[]) {
  if (bookingIds.length === 0) return [];
  return db
    .selectFrom("job_photos as p")
    .innerJoin("assignments as a", "a.id", "p.assignment_id")
    .where("p.booking_id", "in", bookingIds)
    .select([
      "p.id",
      "p.booking_id",
      "p.assignment_id",
      "p.stage",
      "p.created_at",
      "a.seat",
      "a.cleaner_id",
    ])
    .orderBy("p.created_at")
    .orderBy("p.id")
    .execute();
}

/** One photo with what decides who may see it: its seat's cleaner and its booking's customer. */
export async function findJobPhoto(db: Kysely<Database>, photoId: string) {
  return db
    .selectFrom("job_photos as p")
    .innerJoin("assignments as a", "a.id", "p.assignment_id")
    .innerJoin("bookings as b", "b.id", "p.booking_id")
    .where("p.id", "=", photoId)
    .select([
      "p.id",
      "p.upload_id",
      "p.stage",
      "p.assignment_id",
      "a.cleaner_id",
      "a.status as seat_status",
      "b.customer_id",
      "b.status as booking_status",
    ])
    .executeTakeFirst();
}

/** Deletes a photo of the seat `assignmentId`; returns its upload id, or undefined. */
export async function deleteSeatPhoto(
  db: Kysely<Database>,
  input: { photoId: string; assignmentId: string },
) {
  const row = await db
    .deleteFrom("job_photos")
    .where("id", "=", input.photoId)
    .where("assignment_id", "=", input.assignmentId)
    .returning(["upload_id"])
    .executeTakeFirst();
  return row?.upload_id;
}
