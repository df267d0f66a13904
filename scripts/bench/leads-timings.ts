// The leads screen's timings for `npm run bench:admin` (docs/benchmarks.md#leads-screen): the list's first page, a page
// deep in the list (keyset), a filtered page, a search by name and by part of a phone number,
// the board (its five columns' counts and sums, and their cards), and the schedule's week. Each is the service the
// page calls, on the seeded database of admin-dashboard.ts.
import { encodeCursor } from "~/components/kit/keyset";
import { LeadFilterSchema } from "~/features/leads/leads";
import { getBoard, listLeads } from "~/features/leads/leads.service.server";
import { getSchedule } from "~/features/schedule/schedule.service.server";
import { addDays, sydneyDate } from "~/lib/sydney-time";
import type { AppDatabase } from "~/server/db.server";

export type LeadTiming = {
  dialect: string;
  label: string;
  median: number;
  p95: number;
  max: number;
};

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** A name and a phone fragment that the seeded leads hold, and a cursor 75% down the list. */
export type LeadProbes = {
  name: string;
  phoneDigits: string;
  deepCursor: { createdAt: string; id: string };
};

export async function timeLeads(
  dialect: string,
  database: AppDatabase,
  probes: LeadProbes,
  runs: number,
): Promise<LeadTiming[]> {
  const filter = (values: Record<string, string>) => LeadFilterSchema.parse(values);
  const deep = encodeCursor({ value: probes.deepCursor.createdAt, id: probes.deepCursor.id });
  // The seeded bookings lie within the last 120 days: a week a month ago is a full one.
  const scheduleWeek = addDays(sydneyDate(new Date()), -30);
  const cases: [string, () => Promise<unknown>][] = [
    ["list, first page", () => listLeads(database.db, filter({}))],
    ["list, deep page (keyset)", () => listLeads(database.db, filter({ after: deep }))],
    [
      "list, filtered (contacted, commercial)",
      () => listLeads(database.db, filter({ lead: "contacted", type: "commercial" })),
    ],
    ["search by name", () => listLeads(database.db, filter({ q: probes.name }))],
    ["search by part of a phone", () => listLeads(database.db, filter({ q: probes.phoneDigits }))],
    ["board: 5 counts, sums and cards", () => getBoard(database.db, filter({}))],
    [
      "board, filtered (pending_quote)",
      () => getBoard(database.db, filter({ status: "pending_quote" })),
    ],
    [
      "schedule, a week",
      () => getSchedule(database.db, { view: "week", date: scheduleWeek, now: new Date() }),
    ],
  ];
  const results: LeadTiming[] = [];
  for (const [label, run] of cases) {
    for (let i = 0; i < 2; i++) await run();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await run();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const result = {
      dialect,
      label,
      median: percentile(times, 50),
      p95: percentile(times, 95),
      max: times.at(-1)!,
    };
    results.push(result);
    console.log(
      `${dialect}, ${label}: median ${result.median.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms`,
    );
  }
  return results;
}

export function printLeadTimings(results: LeadTiming[]) {
  const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(10);
  console.log(
    `\n| Database   | Leads screen                            |     Median |        p95 |        Max |`,
  );
  console.log(
    `|------------|-----------------------------------------|------------|------------|------------|`,
  );
  for (const r of results) {
    console.log(
      `| ${r.dialect.padEnd(10)} | ${r.label.padEnd(39)} | ${ms(r.median)} | ${ms(r.p95)} | ${ms(r.max)} |`,
    );
  }
  const slow = results.filter((r) => r.p95 >= 50);
  console.log(
    slow.length === 0
      ? "\nEvery leads p95 is under the 50 ms target."
      : `\n${slow.length} leads p95 figure(s) at or over the 50 ms target.`,
  );
}
