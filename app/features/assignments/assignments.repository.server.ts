import { sql, type Kysely } from "kysely";
import type {
  AssignmentsTable,
  AssignmentStatus,
  Database,
  NewAssignment,
} from "~/server/database";
import { liveBookingSlots } from "~/server/live-bookings.repository.server";

// The SQL of job offers (docs/decisions/0013-cleaner-assignments.md). The rules (who may be
// offered what, deadlines, the lifecycle) are in assignments.service.server.ts.

/** Offers that hold a cleaner's time: waiting for an answer, or accepted. */
const LIVE_OFFER_STATUSES = ["pending", "accepted"] as const;

/** What "free" reads of a cleaner (docs/decisions/0042-who-is-free-for-a-job.md). */
const WORKING_DAY_COLUMNS = ["availability", "working_hours", "police_check_expires_on"] as const;

/** Cleaners who take jobs, the available ones first, then by rating. */
export async function findAssignableCleaners(db: Kysely<Database>) {
  return db
    .selectFrom("cleaners")
    .select(["id", "name", "rating", "services", "status", ...WORKING_DAY_COLUMNS])
    .where("status", "in", ["available", "busy"])
    .orderBy(sql`case when status = 'available' then 0 else 1 end`)
    .orderBy("rating", "desc")
    .orderBy("name")
    .limit(300)
    .execute();
}

export async function findCleanerForOffer(db: Kysely<Database>, cleanerId: string) {
  return db
    .selectFrom("cleaners")
    .select(["id", "name", "email", "status", "rating", "photo", ...WORKING_DAY_COLUMNS])
    .where("id", "=", cleanerId)
    .executeTakeFirst();
}

/** The cleaners who declined this lead's job. */
export async function findCleanersWhoDeclined(db: Kysely<Database>, quoteId: string) {
  const rows = await db
    .selectFrom("assignments")
    .select("cleaner_id")
    .where("quote_id", "=", quoteId)
    .where("status", "=", "declined")
    .execute();
  return new Set(rows.map((row) => row.cleaner_id));
}

/** A live lead with what an offer needs of it; null when missing or deleted. */
export async function findQuoteForOffer(db: Kysely<Database>, quoteId: string) {
  return db
    .selectFrom("quotes")
    .select([
      "id",
      "reference",
      "client_name",
      "client_email",
      "status",
      "estimated_hours",
      "cleaners_needed",
      "space_details",
    ])
    .where("id", "=", quoteId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

/** The lead's booking still to be done, if any (its date and slot prefill the offer). */
export async function findOpenBooking(db: Kysely<Database>, quoteId: string) {
  return db
    .selectFrom("bookings")
    .select(["id", "scheduled_date", "time_slot", "suburb", "address", "postcode", "crew_size"])
    .where("quote_id", "=", quoteId)
    .where("status", "=", "confirmed")
    .orderBy("created_at", "desc")
    .executeTakeFirst();
}

/** The lead's live offers, each on its seat (docs/decisions/0060-crews-and-cleaner-holds.md). */
export async function findQuoteOffers(db: Kysely<Database>, quoteId: string) {
  return db
    .selectFrom("assignments as a")
    .innerJoin("cleaners as c", "c.id", "a.cleaner_id")
    .select([
      "a.id",
      "a.status",
      "a.cleaner_id",
      "a.seat",
      "a.booking_id",
      "a.previous_quote_status",
      "c.name as cleaner_name",
    ])
    .where("a.quote_id", "=", quoteId)
    .where("a.status", "in", LIVE_OFFER_STATUSES)
    .orderBy("a.seat")
    .orderBy("a.created_at")
    .execute();
}

/** Every offer of the lead, live or not, oldest first: who each seat was offered to and when. */
export async function findSeatHistory(db: Kysely<Database>, quoteId: string) {
  return db
    .selectFrom("assignments as a")
    .innerJoin("cleaners as c", "c.id", "a.cleaner_id")
    .select([
      "a.id",
      "a.seat",
      "a.status",
      "a.cleaner_id",
      "a.automatic",
      "a.created_at",
      "a.responded_at",
      "a.updated_at",
      "c.name as cleaner_name",
    ])
    .where("a.quote_id", "=", quoteId)
    .orderBy("a.seat")
    .orderBy("a.created_at")
    .orderBy("a.id")
    .limit(200)
    .execute();
}

/** The seat's live hold, if any (docs/decisions/0060-crews-and-cleaner-holds.md). */
export async function findLiveSeatHold(db: Kysely<Database>, bookingId: string, seat: number) {
  return db
    .selectFrom("cleaner_holds")
    .select(["id", "cleaner_id", "seat"])
    .where("booking_id", "=", bookingId)
    .where("seat", "=", seat)
    .where("released_at", "is", null)
    .executeTakeFirst();
}

/** The booking's live holds, by seat. */
export async function findLiveBookingHolds(db: Kysely<Database>, bookingId: string) {
  return db
    .selectFrom("cleaner_holds")
    .select(["id", "cleaner_id", "seat", "assignment_id", "starts_minute", "blocked_until_minute"])
    .where("booking_id", "=", bookingId)
    .where("released_at", "is", null)
    .orderBy("seat")
    .execute();
}

/** A booking's crew size, changed by staff. */
export async function updateBookingCrewSize(
  db: Kysely<Database>,
  bookingId: string,
  crewSize: number,
  at: string,
) {
  await db
    .updateTable("bookings")
    .set({ crew_size: crewSize, updated_at: at })
    .where("id", "=", bookingId)
    .execute();
}

/** A lead's crew size before it is booked: the estimate's cleaners, changed by staff. */
export async function updateQuoteCleanersNeeded(
  db: Kysely<Database>,
  quoteId: string,
  cleaners: number,
  at: string,
) {
  await db
    .updateTable("quotes")
    .set({ cleaners_needed: cleaners, updated_at: at })
    .where("id", "=", quoteId)
    .execute();
}

/** An offer moved to another seat of its crew (a smaller crew closes the seat it was on). */
export async function updateOfferSeat(db: Kysely<Database>, id: string, seat: number, at: string) {
  await db.updateTable("assignments").set({ seat, updated_at: at }).where("id", "=", id).execute();
}

/** The seat's live hold moves with its offer. */
export async function moveLiveHoldSeat(
  db: Kysely<Database>,
  hold: { bookingId: string; from: number; to: number },
) {
  await db
    .updateTable("cleaner_holds")
    .set({ seat: hold.to })
    .where("booking_id", "=", hold.bookingId)
    .where("seat", "=", hold.from)
    .where("released_at", "is", null)
    .execute();
}

/** A live hold's end, when the crew's share of the hours changes. */
export async function updateHoldEnd(db: Kysely<Database>, holdId: string, blockedUntil: number) {
  await db
    .updateTable("cleaner_holds")
    .set({ blocked_until_minute: blockedUntil })
    .where("id", "=", holdId)
    .where("released_at", "is", null)
    .execute();
}

export async function insertAssignment(db: Kysely<Database>, row: NewAssignment) {
  await db.insertInto("assignments").values(row).execute();
}

/** Offers joined to their lead, their cleaner and (when booked) their booking. */
function offersWithLeadAndCleaner(db: Kysely<Database>) {
  return db
    .selectFrom("assignments as a")
    .innerJoin("quotes as q", "q.id", "a.quote_id")
    .innerJoin("cleaners as c", "c.id", "a.cleaner_id")
    .leftJoin("bookings as b", "b.id", "a.booking_id");
}

/** An offer with its lead, booking and cleaner: what answering it reads. */
function offerToAnswer(db: Kysely<Database>) {
  return offersWithLeadAndCleaner(db).select([
    "a.id",
    "a.quote_id",
    "a.booking_id",
    "a.cleaner_id",
    "a.scheduled_date",
    "a.time_slot",
    "a.status",
    "a.response_deadline",
    "a.created_at",
    "a.seat",
    "a.automatic",
    "b.crew_size",
    "q.cleaners_needed",
    "q.client_name",
    "q.client_email",
    "q.client_phone",
    "q.estimated_hours",
    "q.space_details",
    "q.service_type",
    "b.address",
    "b.suburb",
    "b.postcode",
    "c.name as cleaner_name",
    "c.email as cleaner_email",
    "c.rating as cleaner_rating",
    "c.photo as cleaner_photo",
  ]);
}

/** Offers of the lead by id, or its live ones, with what telling their cleaners needs. */
export async function findOffersToTell(
  db: Kysely<Database>,
  quoteId: string,
  which: { ids: readonly string[] } | "live",
) {
  const offers = offerToAnswer(db).where("a.quote_id", "=", quoteId);
  if (which === "live") return offers.where("a.status", "in", LIVE_OFFER_STATUSES).execute();
  if (which.ids.length === 0) return [];
  return offers.where("a.id", "in", which.ids).execute();
}

/** An offer by the hash of its link's token, with its lead, booking and cleaner. */
export async function findOfferByTokenHash(db: Kysely<Database>, tokenHash: string) {
  return offerToAnswer(db).where("a.token_hash", "=", tokenHash).executeTakeFirst();
}

/** A cleaner's own offer by its id (the cleaner's app), with its lead, booking and cleaner. */
export async function findCleanersOffer(db: Kysely<Database>, cleanerId: string, id: string) {
  return offerToAnswer(db)
    .where("a.id", "=", id)
    .where("a.cleaner_id", "=", cleanerId)
    .executeTakeFirst();
}

export async function findOfferById(db: Kysely<Database>, id: string) {
  return db
    .selectFrom("assignments as a")
    .innerJoin("quotes as q", "q.id", "a.quote_id")
    .innerJoin("cleaners as c", "c.id", "a.cleaner_id")
    .select([
      "a.id",
      "a.quote_id",
      "a.booking_id",
      "a.cleaner_id",
      "a.seat",
      "a.automatic",
      "a.status",
      "a.response_deadline",
      "a.scheduled_date",
      "a.time_slot",
      "q.client_name",
      "q.reference",
      "c.name as cleaner_name",
    ])
    .where("a.id", "=", id)
    .executeTakeFirst();
}

/** Moves an offer on; false when its status was no longer `from` (someone else answered). */
export async function updateOfferIf(
  db: Kysely<Database>,
  id: string,
  from: AssignmentStatus,
  set: Partial<Pick<AssignmentsTable, "status" | "responded_at" | "previous_quote_status">> & {
    updated_at: string;
  },
  /** Only while the deadline is still ahead of this instant (an answer in time). */
  before?: string,
) {
  let query = db
    .updateTable("assignments")
    .set(set)
    .where("id", "=", id)
    .where("status", "=", from);
  if (before) query = query.where("response_deadline", ">", before);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** docs/decisions/0027-lead-lifecycle.md: an accepted job counts among the cleaner's active bookings. */
export async function addActiveBooking(db: Kysely<Database>, cleanerId: string, at: string) {
  await db
    .updateTable("cleaners")
    .set((eb) => ({ active_bookings: eb("active_bookings", "+", 1), updated_at: at }))
    .where("id", "=", cleanerId)
    .execute();
}

/** Pending offers whose deadline has passed, oldest first (the sweep's catch-up). */
export async function findOverdueOffers(db: Kysely<Database>, now: string, limit: number) {
  return db
    .selectFrom("assignments")
    .select("id")
    .where("status", "=", "pending")
    .where("response_deadline", "<=", now)
    .orderBy("response_deadline")
    .limit(limit)
    .execute();
}

export const UNSTAFFED_ALERT = "booking.unstaffed_alert";

/**
 * Confirmed bookings on the given dates with fewer accepted seats than their crew size
 * (docs/decisions/0060-crews-and-cleaner-holds.md) and no alert raised yet, with how many are
 * accepted. The caller keeps those that start within the next 24 hours.
 */
export async function findUnstaffedBookings(db: Kysely<Database>, dates: string[]) {
  return unstaffedBookings(db)
    .where("b.scheduled_date", "in", dates)
    .orderBy("b.scheduled_date")
    .orderBy("b.time_slot")
    .limit(500)
    .execute();
}

/**
 * One booking as findUnstaffedBookings reads it, when it is short of accepted cleaners and no
 * alert was raised yet: the automatic chain raises it when nobody is left to ask
 * (docs/decisions/0064-automatic-offers.md).
 */
export async function findUnalertedUnstaffedBooking(db: Kysely<Database>, bookingId: string) {
  return unstaffedBookings(db).where("b.id", "=", bookingId).executeTakeFirst();
}

function unstaffedBookings(db: Kysely<Database>) {
  const acceptedSeats = sql<number>`(select count(distinct a.seat) from assignments a
    where a.booking_id = b.id and a.status = 'accepted')`;
  return liveBookingSlots(db)
    .select(["q.client_name", "b.crew_size", acceptedSeats.as("accepted_seats")])
    .where("b.status", "=", "confirmed")
    .where(sql<boolean>`${acceptedSeats} < b.crew_size`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("audit_log as l")
            .select("l.id")
            .where("l.subject_type", "=", "booking")
            .whereRef("l.subject_id", "=", "b.id")
            .where("l.action", "=", UNSTAFFED_ALERT),
        ),
      ),
    );
}

/** A booking as its automatic offers read it: its lead, time, crew and place. */
export async function findBookingToOffer(db: Kysely<Database>, bookingId: string) {
  return db
    .selectFrom("bookings as b")
    .innerJoin("quotes as q", "q.id", "b.quote_id")
    .select([
      "b.id",
      "b.quote_id",
      "b.status",
      "b.scheduled_date",
      "b.time_slot",
      "b.crew_size",
      "b.customer_id",
      "b.lat",
      "b.lng",
      "q.estimated_hours",
    ])
    .where("b.id", "=", bookingId)
    .executeTakeFirst();
}

/**
 * A cleaner's live jobs (pending or accepted) from a Sydney date on, soonest first, with what
 * releasing each needs: its lead, its booking and the cleaner's address.
 */
export async function findCleanerLiveJobs(
  db: Kysely<Database>,
  cleanerId: string,
  fromDate: string,
) {
  return offersWithLeadAndCleaner(db)
    .select([
      "a.id",
      "a.quote_id",
      "a.booking_id",
      "a.cleaner_id",
      "a.status",
      "a.previous_quote_status",
      "a.scheduled_date",
      "a.time_slot",
      "a.created_at",
      "a.seat",
      "b.crew_size",
      "q.cleaners_needed",
      "q.client_name",
      "q.estimated_hours",
      "q.space_details",
      "b.reference as booking_reference",
      "b.suburb",
      "b.status as booking_status",
      "c.name as cleaner_name",
      "c.email as cleaner_email",
    ])
    .where("a.cleaner_id", "=", cleanerId)
    .where("a.status", "in", LIVE_OFFER_STATUSES)
    .where("a.scheduled_date", ">=", fromDate)
    .where("q.deleted_at", "is", null)
    .orderBy("a.scheduled_date")
    .orderBy("a.time_slot")
    .limit(500)
    .execute();
}

/** An accepted job taken back leaves the cleaner's active bookings, never below zero. */
export async function removeActiveBooking(db: Kysely<Database>, cleanerId: string, at: string) {
  await db
    .updateTable("cleaners")
    .set({
      active_bookings: sql<number>`case when active_bookings > 0 then active_bookings - 1 else 0 end`,
      updated_at: at,
    })
    .where("id", "=", cleanerId)
    .execute();
}
