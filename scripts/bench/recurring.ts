// npm run bench:recurring [-- --only sqlite|postgres] [--series 10000] [--visits 10]
//   [--kill-rounds 20] [--kill-within-ms 8000] [--holds FILE]
//
// The scheduled sweep of regular cleans on a fresh SQLite file and a fresh PostgreSQL database
// (beside TEST_DATABASE_URL's, dropped after): --series weekly series with --visits visits each
// as bookings (default 10,000 and 100,000), 1,000 quotes due a follow-up and 1,000 cleaners
// (recurring-seed.ts). Then the sweep runs in a process of its own as the worker runs it (book
// visits ahead, reminders, follow-ups, and a charge step once one is registered;
// recurring-sweep.ts): its time, each step's, and its memory sampled every 250 ms.
// With --kill-rounds N, the sweep is SIGKILLed at a random point N times and run again each
// time, then once to the end, and the counts show every visit and reminder made exactly once.
// With --holds FILE, the crew the sweep held is written to FILE (one "quote date slot seat
// cleaner" line per live hold, sorted; booking ids are random, these are not), so two versions
// of the sweep can be diffed for the same seed.
import { writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import type { Kysely } from "kysely";
import { sydneyDate } from "~/lib/sydney-time";
import { loadConfig } from "~/server/config.server";
import type { Database } from "~/server/database";
import { loadAverage, onEachDatabase, timed, type FreshDatabase } from "./fresh-databases";
import { killRounds, runSweepProcess, type SweepRun } from "../../tests/helpers/recurring-process";
import { BENCH_COUNTS, seedRecurring } from "../../tests/helpers/recurring-seed";
import { checkSweep, integrityFailures } from "../../tests/helpers/recurring-sweep";

const { values: args } = parseArgs({
  options: {
    only: { type: "string" },
    series: { type: "string", default: String(BENCH_COUNTS.series) },
    visits: { type: "string", default: String(BENCH_COUNTS.visitsPerSeries) },
    "kill-rounds": { type: "string", default: "0" },
    "kill-within-ms": { type: "string", default: "8000" },
    holds: { type: "string" },
  },
});
const counts = {
  ...BENCH_COUNTS,
  series: Number(args.series),
  visitsPerSeries: Number(args.visits),
};
const rounds = Number(args["kill-rounds"]);
const config = loadConfig({ APP_ENV: "test", DATA_DIR: "/tmp", LOG_LEVEL: "silent" });

/** Memory over the run: the highest sample of each quarter of it, in MB. */
function quarters(rssMb: number[]) {
  const size = Math.max(1, Math.ceil(rssMb.length / 4));
  return [0, 1, 2, 3].map((q) => Math.max(0, ...rssMb.slice(q * size, (q + 1) * size)));
}

function printRun(name: string, run: SweepRun) {
  const mb = (value: number) => `${value.toFixed(0)} MB`;
  console.log(`${name}: sweep ${run.seconds.toFixed(1)} s in its process (start-up included)`);
  for (const step of run.result?.steps ?? []) {
    console.log(`  ${step.topic}: ${step.seconds.toFixed(1)} s`);
  }
  console.log(
    `  RSS: peak ${mb(run.result?.peakRssMb ?? 0)}; highest by quarter of the run ` +
      quarters(run.rssMb).map(mb).join(", ") +
      ` (${run.rssMb.length} samples)`,
  );
}

/** Every live hold on a bench series' visit, as lines that do not depend on random ids. */
async function writeHolds(db: Kysely<Database>, file: string) {
  const rows = await db
    .selectFrom("cleaner_holds as h")
    .innerJoin("bookings as b", "b.id", "h.booking_id")
    .select(["b.quote_id", "b.scheduled_date", "b.time_slot", "h.seat", "h.cleaner_id"])
    .where("b.quote_id", "like", "bq%")
    .where("h.released_at", "is", null)
    .execute();
  const lines = rows.map(
    (r) => `${r.quote_id} ${r.scheduled_date} ${r.time_slot} ${r.seat} ${r.cleaner_id}`,
  );
  await writeFile(file, lines.sort().join("\n") + "\n");
  console.log(`  ${lines.length} holds written to ${file}`);
}

async function benchOne({ name, database, url, d }: FreshDatabase) {
  const now = new Date();
  console.log(`${name}: seeding (load average ${await loadAverage()})`);
  const seeded = await timed(() => seedRecurring(database.db, d, counts, now));
  console.log(`  seeded in ${seeded.seconds.toFixed(1)} s`);
  const load = await loadAverage();
  let run: SweepRun;
  if (rounds > 0) {
    const killed = await killRounds(url, rounds, Number(args["kill-within-ms"]));
    console.log(
      `${name}: ${killed.cut} of ${rounds} runs SIGKILLed mid-sweep, then one to the end`,
    );
    run = killed.last;
  } else {
    run = await runSweepProcess(url);
  }
  printRun(name, run);
  // Every series had one visit left before the horizon, unless the Sydney date moved meanwhile.
  const moved = sydneyDate(new Date()) !== sydneyDate(now) ? " (the date changed: rerun)" : "";
  const integrity = await checkSweep(database.db, config, counts.visitsPerSeries + 1);
  const failures = integrityFailures(integrity);
  console.log(`${name}: counts ${JSON.stringify(integrity)}`);
  if (args.holds) await writeHolds(database.db, `${args.holds}.${d.name}`);
  console.log(failures.length === 0 ? `  all once${moved}` : `  FAILED: ${failures.join(", ")}`);
  console.log(`  load average ${load} at the sweep's start, ${await loadAverage()} at its end`);
  return failures.length;
}

console.log(
  `Regular cleans' sweep: ${counts.series} series, ${counts.series * counts.visitsPerSeries} ` +
    `visits, ${counts.followUps} follow-ups due, ${counts.cleaners} cleaners` +
    (rounds > 0 ? `; ${rounds} kill rounds` : ""),
);
const failed = await onEachDatabase("recurring", args.only, benchOne);
if (failed.some((n) => n > 0)) process.exitCode = 1;
