import { PostgresAdapter, type Kysely } from "kysely";
import type { Database, JobProblemKind } from "~/server/database";

// All SQL of job visits (docs/decisions/0068-job-visits.md). A cleaner's reads and writes name
// the session's cleaner, so another cleaner's ids find nothing; each status step is a
// compare-and-set on the seat's own timestamp, so a double tap records one step.

/** The cleaner's own accepted seat, with its booking and quote; undefined for anyone else's. */
export async function findOwnSeat(db: Kysely<Database>, cleanerId: string, assignmentId: string) {
  return db
    .selectFrom("assignments as a")
    .innerJoin("bookings as b", "b.id", "a.booking_id")
    .innerJoin("quotes as q", "q.id", "b.quote_id")
    .innerJoin("cleaners as c", "c.id", "a.cleaner_id")
    .where("a.id", "=", assignmentId)
    .where("a.cleaner_id", "=", cleanerId)
    .where("a.status", "=", "accepted")
    .where("b.status", "in", ["confirmed", "completed"])
    .select([
      "a.id",
      "a.seat",
      "a.cleaner_id",
      "a.on_my_way_at",
      "a.checked_in_at",
      "a.checked_out_at",
      "c.name as cleaner_name",
      "b.id as booking_id",
      "b.reference as booking_reference",
      "b.status as booking_status",
      "b.scheduled_date",
      "b.time_slot",
      "b.address",
      "b.suburb",
      "b.postcode",
      "b.crew_size",
      "q.id as quote_id",
      "q.client_name",
      "q.client_email",
      "q.client_phone",
      "q.cleaning_level",
      "q.staff_notes",
      "q.space_details",
      "q.estimated_hours",
    ])
    .executeTakeFirst();
}

/** Every live seat of a booking (offered or accepted), seat order, with its problems counted. */
export async function findSeatsOfBookings(db: Kysely<Database>, bookingIds: readonly string[]) {
  if (bookingIds.length === 0) return [];
  return db
    .selectFrom("assignments as a")
    .innerJoin("cleaners as c", "c.id", "a.cleaner_id")
    .where("a.booking_id", "in", bookingIds)
    .where("a.status", "in", ["pending", "accepted"])
    .select((eb) => [
      "a.id",
      "a.booking_id",
      "a.seat",
      "a.status",
      "a.cleaner_id",
      "c.name as cleaner_name",
      "a.on_my_way_at",
      "a.checked_in_at",
      "a.checked_out_at",
      "a.check_in_lat",
      "a.check_in_lng",
      "a.check_in_accuracy_m",
      eb
        .selectFrom("job_problems as p")
        .whereRef("p.assignment_id", "=", "a.id")
        .select((inner) => inner.fn.countAll<number>().as("n"))
        .as("problems"),
    ])
    .orderBy("a.booking_id")
    .orderBy("a.seat")
    .execute();
}

export async function findChecklist(db: Kysely<Database>, bookingId: string) {
  return db
    .selectFrom("job_checklist_items as i")
    .leftJoin("cleaners as c", "c.id", "i.ticked_by")
    .where("i.booking_id", "=", bookingId)
    .select([
      "i.id",
      "i.position",
      "i.label",
      "i.source",
      "i.ticked_at",
      "i.skip_reason",
      "c.name as ticked_by_name",
    ])
    .orderBy("i.position")
    .execute();
}

/** The checklists of several bookings, for the customer's proof of clean. */
export async function findChecklistsOf(db: Kysely<Database>, bookingIds: readonly string[]) {
  if (bookingIds.length === 0) return [];
  return db
    .selectFrom("job_checklist_items")
    .where("booking_id", "in", bookingIds)
    .select(["booking_id", "label", "ticked_at", "skip_reason"])
    .orderBy("booking_id")
    .orderBy("position")
    .execute();
}

/** Copies a job's list once: a second copy (another crew member at the same moment) is ignored. */
export async function insertChecklistItems(
  db: Kysely<Database>,
  rows: {
    id: string;
    booking_id: string;
    position: number;
    label: string;
    source: "level" | "notes";
    created_at: string;
  }[],
) {
  if (rows.length === 0) return;
  await db
    .insertInto("job_checklist_items")
    .values(rows)
    .onConflict((oc) => oc.columns(["booking_id", "position"]).doNothing())
    .execute();
}

/** Ticks or unticks an item of `bookingId`; false when the item is not that booking's. */
export async function setItemTicked(
  db: Kysely<Database>,
  input: { bookingId: string; itemId: string; cleanerId: string; done: boolean; at: string },
) {
  const result = await db
    .updateTable("job_checklist_items")
    .set(
      input.done
        ? { ticked_by: input.cleanerId, ticked_at: input.at, skip_reason: null }
        : { ticked_by: null, ticked_at: null },
    )
    .where("id", "=", input.itemId)
    .where("booking_id", "=", input.bookingId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setSkipReason(
  db: Kysely<Database>,
  input: { bookingId: string; itemId: string; reason: string },
) {
  await db
    .updateTable("job_checklist_items")
    .set({ skip_reason: input.reason })
    .where("id", "=", input.itemId)
    .where("booking_id", "=", input.bookingId)
    .where("ticked_at", "is", null)
    .execute();
}

type SeatStep = "on_my_way_at" | "checked_in_at" | "checked_out_at";

/**
 * Records one step of the seat, only if not recorded yet (and, for check-out, only after a
 * check-in); true when this call recorded it.
 */
export async function recordSeatStep(
  db: Kysely<Database>,
  input: {
    assignmentId: string;
    step: SeatStep;
    at: string;
    fix?: { lat: number | null; lng: number | null; accuracy: number | null };
  },
) {
  let update = db
    .updateTable("assignments")
    .set({
      [input.step]: input.at,
      updated_at: input.at,
      ...(input.fix
        ? {
            check_in_lat: input.fix.lat,
            check_in_lng: input.fix.lng,
            check_in_accuracy_m: input.fix.accuracy,
          }
        : {}),
    })
    .where("id", "=", input.assignmentId)
    .where("status", "=", "accepted")
    .where(input.step, "is", null);
  if (input.step === "checked_out_at") update = update.where("checked_in_at", "is not", null);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Locks the seat's booking, before the seat (PostgreSQL; SQLite has one writer): a cancellation
 * takes the booking's row and then its offers', so a step that takes them in the same order waits
 * for it instead of deadlocking with it. Answers the booking's status as it is now.
 */
export async function lockSeatBooking(trx: Kysely<Database>, bookingId: string) {
  let query = trx.selectFrom("bookings").select("status").where("id", "=", bookingId);
  if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  return (await query.executeTakeFirst())?.status ?? null;
}

/**
 * Claims the crew's setting off for this seat: sets the booking's `crew_set_off_at` only while
 * it is unset; true when this call set it, so exactly one seat of a crew is the first, however
 * close together they tap (on PostgreSQL a second update waits for the first to commit and then
 * finds the column set).
 */
export async function claimCrewSetOff(db: Kysely<Database>, bookingId: string, at: string) {
  const result = await db
    .updateTable("bookings")
    .set({ crew_set_off_at: at })
    .where("id", "=", bookingId)
    .where("crew_set_off_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertProblem(
  db: Kysely<Database>,
  row: {
    id: string;
    booking_id: string;
    assignment_id: string;
    kind: JobProblemKind;
    details: string | null;
    created_at: string;
  },
) {
  await db.insertInto("job_problems").values(row).execute();
}

export async function findProblems(db: Kysely<Database>, bookingIds: readonly string[]) {
  if (bookingIds.length === 0) return [];
  return db
    .selectFrom("job_problems as p")
    .innerJoin("assignments as a", "a.id", "p.assignment_id")
    .innerJoin("cleaners as c", "c.id", "a.cleaner_id")
    .where("p.booking_id", "in", bookingIds)
    .select([
      "p.id",
      "p.booking_id",
      "p.kind",
      "p.details",
      "p.created_at",
      "c.name as cleaner_name",
    ])
    .orderBy("p.created_at")
    .execute();
}

export async function saveActualMinutes(db: Kysely<Database>, bookingId: string, minutes: number) {
  await db
    .updateTable("bookings")
    .set({ actual_minutes: minutes })
    .where("id", "=", bookingId)
    .execute();
}

/** The bookings of a quote, for the office's view of their visits. */
export async function findBookingsOfQuote(db: Kysely<Database>, quoteId: string) {
  return db
    .selectFrom("bookings")
    .where("quote_id", "=", quoteId)
    .select(["id", "lat", "lng", "actual_minutes", "status"])
    .orderBy("scheduled_date")
    .execute();
}
