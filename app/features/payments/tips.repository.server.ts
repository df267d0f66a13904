import type { Kysely } from "kysely";
import type { Database, NewTip, NewTipShare, PaymentProvider } from "~/server/database";

// All SQL of tips (docs/decisions/0078-tips-go-to-the-crew.md): the tip rows, the crew a tip is
// shared among (the booking's accepted seats), the shares, and what each cleaner was tipped.

type Db = Kysely<Database>;

/** The booking a tip is for, found by its reference, with its service. */
export async function findBookingForTip(db: Db, reference: string) {
  return db
    .selectFrom("bookings")
    .innerJoin("quotes", "quotes.id", "bookings.quote_id")
    .select([
      "bookings.id",
      "bookings.reference",
      "bookings.status",
      "bookings.scheduled_date",
      "bookings.customer_id",
      "quotes.service_type",
      "quotes.client_email",
    ])
    .where("bookings.reference", "=", reference)
    .executeTakeFirst();
}

/** The booking's crew: one accepted cleaner per seat, with their names. */
export async function listCrewOfBooking(db: Db, bookingId: string) {
  return db
    .selectFrom("assignments")
    .innerJoin("cleaners", "cleaners.id", "assignments.cleaner_id")
    .select(["assignments.seat", "assignments.cleaner_id", "cleaners.name"])
    .where("assignments.booking_id", "=", bookingId)
    .where("assignments.status", "=", "accepted")
    .orderBy("assignments.seat")
    .execute();
}

export async function insertTip(db: Db, row: NewTip) {
  await db.insertInto("tips").values(row).execute();
}

export async function findTip(db: Db, id: string) {
  return db.selectFrom("tips").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The tips of some bookings, paid or waiting, oldest first. */
export async function listTipsOfBookings(db: Db, bookingIds: string[]) {
  if (bookingIds.length === 0) return [];
  return db
    .selectFrom("tips")
    .selectAll()
    .where("booking_id", "in", bookingIds)
    .orderBy("created_at")
    .execute();
}

export async function setTipProvider(
  db: Db,
  id: string,
  provider: PaymentProvider,
  reference: string | null,
  at: string,
) {
  await db
    .updateTable("tips")
    .set({ provider, provider_reference: reference, updated_at: at })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .execute();
}

export async function recordTipDecline(db: Db, id: string, reason: string, at: string) {
  await db
    .updateTable("tips")
    .set({ failure_reason: reason, updated_at: at })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .execute();
}

/** Pending to paid, once: false when somebody else settled it first. */
export async function markTipPaidIfPending(
  db: Db,
  input: { id: string; provider: PaymentProvider; reference: string | null; at: string },
) {
  const result = await db
    .updateTable("tips")
    .set({
      status: "paid",
      provider: input.provider,
      provider_reference: input.reference,
      failure_reason: null,
      paid_at: input.at,
      updated_at: input.at,
    })
    .where("id", "=", input.id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertTipShares(db: Db, rows: NewTipShare[]) {
  if (rows.length > 0) await db.insertInto("tip_shares").values(rows).execute();
}

/** A cleaner's tip shares paid on the Sydney dates [from, to], newest first. */
export async function listTipSharesOfCleaner(
  db: Db,
  input: { cleanerId: string; from: string; to: string },
) {
  const rows = await db
    .selectFrom("tip_shares")
    .innerJoin("bookings", "bookings.id", "tip_shares.booking_id")
    .select([
      "tip_shares.id",
      "tip_shares.tip_id",
      "tip_shares.seat",
      "tip_shares.amount_cents",
      "tip_shares.sydney_date",
      "bookings.reference",
      "bookings.scheduled_date",
    ])
    .where("tip_shares.cleaner_id", "=", input.cleanerId)
    .where("tip_shares.sydney_date", ">=", input.from)
    .where("tip_shares.sydney_date", "<=", input.to)
    .orderBy("tip_shares.sydney_date", "desc")
    .orderBy("tip_shares.id")
    .execute();
  return rows.map((row) => ({ ...row, amount_cents: Number(row.amount_cents) }));
}

export async function findBookingReference(db: Db, bookingId: string) {
  const row = await db
    .selectFrom("bookings")
    .select("reference")
    .where("id", "=", bookingId)
    .executeTakeFirstOrThrow();
  return row.reference;
}

/** Each seat's tips on some bookings: the sum of the shares per booking and cleaner. */
export async function sumTipSharesOfBookings(db: Db, bookingIds: string[]) {
  if (bookingIds.length === 0) return [];
  const rows = await db
    .selectFrom("tip_shares")
    .select((eb) => [
      "booking_id",
      "cleaner_id",
      eb.fn.sum<number>("amount_cents").as("amount_cents"),
    ])
    .where("booking_id", "in", bookingIds)
    .groupBy(["booking_id", "cleaner_id"])
    .execute();
  return rows.map((row) => ({ ...row, amount_cents: Number(row.amount_cents) }));
}
