import type { Kysely } from "kysely";
import type { Database } from "~/server/database";
import { findLiveHoldsBetween } from "./availability.repository.server";
import type { LiveHold } from "./free-cleaners";
import { datesSpan, type HoldSpan } from "./hold-span";

// What the sweep's roster cache keeps for the length of one transaction: the sweep's book the
// visits of one date under its crew lock
// (docs/decisions/0101-the-sweep-books-a-dates-visits-together.md).

export type TimeOffRow = { cleaner_id: string; starts_on: string; ends_on: string };
type CleanerHold = LiveHold & { cleanerId: string };

/** What one transaction keeps, each by date. */
export type KeptInTransaction = {
  markerRead: boolean;
  timeOff: Map<string, readonly TimeOffRow[]>;
  holds: Map<string, CleanerHold[]>;
  /** By date, then customer: their last cleaner (null for none) */
  lastCleaners: Map<string, Map<string, string | null>>;
};

/**
 * What each transaction keeps, made on first use; null outside a transaction, where nothing is
 * kept and every call reads afresh. Kept by the transaction object, so it goes with it.
 */
export function keptPerTransaction() {
  const transactions = new WeakMap<Kysely<Database>, KeptInTransaction>();
  return (db: Kysely<Database>): KeptInTransaction | null => {
    if (!db.isTransaction) return null;
    let kept = transactions.get(db);
    if (!kept) {
      kept = { markerRead: false, timeOff: new Map(), holds: new Map(), lastCleaners: new Map() };
      transactions.set(db, kept);
    }
    return kept;
  };
}

/**
 * Each cleaner's live holds that overlap `job`, a span of `date`: from the date's holds read
 * once for the transaction (and added to as it holds cleaners), or read for the job alone when
 * nothing is kept or the job runs past the date.
 */
export async function clashesWith(
  db: Kysely<Database>,
  kept: KeptInTransaction | null,
  date: string,
  job: HoldSpan,
) {
  const day = datesSpan(date, date);
  const inside =
    job.startsMinute >= day.startsMinute && job.blockedUntilMinute <= day.blockedUntilMinute;
  const keeper = inside ? kept : null;
  let holds = keeper?.holds.get(date);
  if (!holds) {
    holds = (await findLiveHoldsBetween(db, keeper ? day : job)).map((row) => ({
      cleanerId: row.cleaner_id,
      bookingId: row.booking_id,
      startsMinute: Number(row.starts_minute),
      blockedUntilMinute: Number(row.blocked_until_minute),
    }));
    keeper?.holds.set(date, holds);
  }
  const clashes = new Map<string, LiveHold[]>();
  for (const { cleanerId, ...hold } of holds) {
    if (hold.startsMinute >= job.blockedUntilMinute) continue;
    if (hold.blockedUntilMinute <= job.startsMinute) continue;
    const ofCleaner = clashes.get(cleanerId);
    if (ofCleaner) ofCleaner.push(hold);
    else clashes.set(cleanerId, [hold]);
  }
  return clashes;
}
