import type { Kysely } from "kysely";
import type { Database, TransactionType } from "~/server/database";
import { NO_CATEGORY } from "~/features/ledger/ledger.server";
import {
  findDailyRollups,
  findHourlyRollups,
  sumCompletedAmounts,
  type CompletedTotal,
  type MoneySum,
} from "./dashboard.repository.server";
import { edgePoint } from "./dashboard-time";

// How the ledger's completed amounts over any range are read from the rollups
// (docs/decisions/0029-dashboard-rollups.md): the dashboard and the finance screen both go
// through here (by way of dashboard.service.server.ts), so there is one sum.

const iso = (ms: number) => new Date(ms).toISOString();

/** A rollup key: type and category ('' for none) */
const keyOf = (type: TransactionType, category: string) => `${type}|${category}`;

/** Per key, the completed amounts and row counts of the ledger before an instant. */
type Cumulative = Map<string, CompletedTotal>;

/**
 * The ledger's completed amounts before each instant, per type and category: the daily rollups
 * of the whole Sydney days before it, plus or minus whole UTC hours of its own day from the
 * hourly rollups, plus or minus the part of its own hour that is read from the ledger. Any sum
 * over [a, b) is then the difference of two of them, exactly as a sum over the rows would be,
 * but the rows read are only those of a few part hours.
 */
export async function ledgerBefore(db: Kysely<Database>, instants: number[], now: number) {
  const points = [...new Set(instants)].map((at) => edgePoint(at, now));
  const days = points.map((point) => point.day).sort();
  const [daily, hourly] = await Promise.all([
    findDailyRollups(db, days[0]!, days.at(-1)!),
    findHourlyRollups(
      db,
      points.flatMap((point) => [
        ...(point.hours ? [point.hours] : []),
        ...(point.part ? [{ first: point.part.hour, last: point.part.hour }] : []),
      ]),
    ),
  ]);

  // Part hours: only the keys that have completed rows in that hour (its rollup says which).
  const sums: MoneySum[] = [];
  const partAt = points.map((point) => {
    const at: { key: string; sum: number }[] = [];
    if (!point.part) return at;
    for (const row of hourly) {
      if (row.utc_hour !== point.part.hour) continue;
      sums.push({
        type: row.type,
        category: row.category === NO_CATEGORY ? null : row.category,
        from: iso(point.part.from),
        to: iso(point.part.to),
      });
      at.push({ key: keyOf(row.type, row.category), sum: sums.length - 1 });
    }
    return at;
  });
  const totals = await sumCompletedAmounts(db, sums);

  const before = new Map<number, Cumulative>();
  points.forEach((point, p) => {
    const cumulative: Cumulative = new Map();
    const add = (key: string, sign: number, cents: number, count: number) => {
      const total = cumulative.get(key) ?? { cents: 0, count: 0 };
      cumulative.set(key, { cents: total.cents + sign * cents, count: total.count + sign * count });
    };
    const hours = point.hours;
    // The day itself counts whole when its later hours are taken away below.
    for (const row of daily) {
      if (row.sydney_date < point.day || (row.sydney_date === point.day && hours?.side === "after"))
        add(keyOf(row.type, row.category), 1, row.amount_cents, row.completed_count);
    }
    if (hours) {
      const sign = hours.side === "before" ? 1 : -1;
      for (const row of hourly) {
        if (row.utc_hour >= hours.first && row.utc_hour <= hours.last)
          add(keyOf(row.type, row.category), sign, row.amount_cents, row.completed_count);
      }
    }
    for (const { key, sum } of partAt[p]!) {
      add(key, point.part!.side === "before" ? 1 : -1, totals[sum]!.cents, totals[sum]!.count);
    }
    before.set(point.at, cumulative);
  });
  return before;
}

/**
 * The completed amounts and counts of [fromMs, toMs) per category, for the types `wanted`
 * accepts, from two readings of ledgerBefore.
 */
export function ledgerBetween(
  ledger: Map<number, Cumulative>,
  fromMs: number,
  toMs: number,
  wanted: (type: TransactionType) => boolean,
) {
  const [early, late] = [ledger.get(fromMs)!, ledger.get(toMs)!];
  const result = new Map<string, CompletedTotal>();
  for (const key of new Set([...early.keys(), ...late.keys()])) {
    const [type, category] = key.split("|") as [TransactionType, string];
    if (!wanted(type)) continue;
    const cents = (late.get(key)?.cents ?? 0) - (early.get(key)?.cents ?? 0);
    const count = (late.get(key)?.count ?? 0) - (early.get(key)?.count ?? 0);
    if (cents === 0 && count === 0) continue;
    const total = result.get(category) ?? { cents: 0, count: 0 };
    result.set(category, { cents: total.cents + cents, count: total.count + count });
  }
  return result;
}
