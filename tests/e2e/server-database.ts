import { randomBytes, randomInt, randomUUID } from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import { sydneyInstant } from "../../app/lib/sydney-time";

/** The end-to-end server's data folder (playwright.config.ts starts it with this DATA_DIR). */
export const serverDataDir = () => process.env.E2E_DATA_DIR!;

/**
 * How long a test's statement waits for the server's write lock. The server holds it through a
 * whole transaction, which on a loaded machine can outlast better-sqlite3's default of 5 s; the
 * test's insert then failed with "database is locked" instead of waiting its turn.
 */
const SERVER_LOCK_WAIT_MS = 60_000;

/**
 * The server's own SQLite file, opened beside it: to look at what a journey stored, or to set
 * up what a test needs. Read-only unless asked, so a look never takes a write lock.
 */
export function openServerDatabase({ write = false } = {}) {
  return new Database(path.join(serverDataDir(), "app.db"), {
    readonly: !write,
    timeout: SERVER_LOCK_WAIT_MS,
  });
}

/**
 * Makes the server's database refuse any quote for `email`, as a full disk or a lost connection
 * would (a trigger aborting the insert). Returns the cleanup that lets it through again.
 */
export function refuseQuotesFor(email: string): () => void {
  const trigger = `e2e_refuse_${randomBytes(4).toString("hex")}`;
  const quoted = email.replaceAll("'", "''");
  const db = openServerDatabase({ write: true });
  db.exec(
    `create trigger ${trigger} before insert on quotes when new.client_email = '${quoted}'
     begin select raise(abort, 'e2e: storage refused'); end`,
  );
  db.close();
  return () => {
    const cleanup = openServerDatabase({ write: true });
    cleanup.exec(`drop trigger if exists ${trigger}`);
    cleanup.close();
  };
}

/**
 * Holds every cleaner who takes jobs on `date` from `from` to `to` (Sydney, "HH:MM"), as if all
 * were out on other jobs: no crew is free for a clean overlapping that time
 * (docs/decisions/0060-crews-and-cleaner-holds.md). The holds hang on a cancelled demo booking,
 * each on a seat of its own, so they never meet the journeys' own bookings.
 */
export function holdEveryCleaner(date: string, from: string, to: string) {
  const minute = (time: string) => Math.floor(sydneyInstant(date, time).getTime() / 60_000);
  const db = openServerDatabase({ write: true });
  try {
    const carrier = db
      .prepare(`select id from bookings where status = 'cancelled' order by id limit 1`)
      .get() as { id: string };
    const cleaners = db
      .prepare(`select id from cleaners where status in ('available', 'busy')`)
      .all() as { id: string }[];
    const insert = db.prepare(
      `insert into cleaner_holds
         (id, cleaner_id, booking_id, seat, starts_minute, blocked_until_minute, created_at)
       values (?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const cleaner of cleaners) {
      insert.run(
        randomUUID(),
        cleaner.id,
        carrier.id,
        randomInt(1_000, 2_000_000_000),
        minute(from),
        minute(to),
        new Date().toISOString(),
      );
    }
  } finally {
    db.close();
  }
}

/**
 * The live hold a booked offer takes (docs/decisions/0060-crews-and-cleaner-holds.md): its
 * cleaner blocked from the slot for `minutesOnSite` plus the default 30-minute travel time, as
 * the app writes it with every offer. For tests that write an offer straight into the table.
 */
export function insertOfferHold(
  db: Database.Database,
  hold: {
    cleanerId: string;
    bookingId: string;
    assignmentId: string;
    seat?: number;
    date: string;
    slot: string;
    minutesOnSite: number;
  },
) {
  const starts = Math.floor(sydneyInstant(hold.date, hold.slot).getTime() / 60_000);
  db.prepare(
    `insert into cleaner_holds
       (id, cleaner_id, booking_id, seat, starts_minute, blocked_until_minute, assignment_id,
        created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    randomUUID(),
    hold.cleanerId,
    hold.bookingId,
    hold.seat ?? 1,
    starts,
    starts + hold.minutesOnSite + 30,
    hold.assignmentId,
    new Date().toISOString(),
  );
}
