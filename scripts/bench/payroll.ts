// npm run bench:payroll [-- --only sqlite|postgres] [--cleaners 500] [--lines 10000]
//   [--jobs 100000] [--racers 20] [--kill-rounds 10] [--margin-runs 30] [--margins-only]
//
// Pay runs on a fresh SQLite file and a fresh PostgreSQL database (beside TEST_DATABASE_URL's,
// dropped after): --cleaners cleaners, --jobs completed jobs over a year with their approved
// timesheet lines, --lines of them in last week (payroll-seed.ts). Times drafting the week's run
// (target under 5 s), its ABA file (under 1 s) and the margins screen's read of the year (p95
// under 50 ms); then --racers owners build the run at once from two processes, each on its own
// connection, and the settling process (approve, mark paid) is SIGKILLed at random points until
// the run is paid: every line must be in exactly one run, and the run consistent after each kill.
// --margins-only seeds the same data and times the margins screen alone.
import { parseArgs } from "node:util";
import type { ChildProcess } from "node:child_process";
import { sql, type Kysely } from "kysely";
import { generateAbaFile } from "~/features/payroll/aba.service.server";
import { getMargins } from "~/features/payroll/margins.service.server";
import { buildPayRun, deleteDraftRun } from "~/features/payroll/pay-runs.service.server";
import { OWNER, TEST_KEY } from "~/features/payroll/payroll.test-data";
import type { Database } from "~/server/database";
import { runChild } from "../../tests/helpers/bundled-child";
import { loadAverage, onEachDatabase, timed, type FreshDatabase } from "./fresh-databases";
import { PAYROLL_COUNTS, seedPayroll } from "./payroll-seed";

const { values: args } = parseArgs({
  options: {
    only: { type: "string" },
    cleaners: { type: "string", default: String(PAYROLL_COUNTS.cleaners) },
    lines: { type: "string", default: String(PAYROLL_COUNTS.runLines) },
    jobs: { type: "string", default: String(PAYROLL_COUNTS.yearJobs) },
    racers: { type: "string", default: "20" },
    "kill-rounds": { type: "string", default: "10" },
    "margin-runs": { type: "string", default: "30" },
    "margins-only": { type: "boolean", default: false },
  },
});
const counts = {
  cleaners: Number(args.cleaners),
  runLines: Number(args.lines),
  yearJobs: Number(args.jobs),
};
type Period = { periodStart: string; periodEnd: string };
const CHILD = "scripts/bench/payroll-child.ts";
const s = (seconds: number) => `${seconds.toFixed(2)} s`;

async function count(db: Kysely<Database>, table: "pay_run_lines" | "pay_runs", where = "") {
  const query = `select count(*) as n, count(distinct ${table === "pay_runs" ? "id" : "run_id"}) as runs from ${table} ${where}`;
  const { rows } = await sql.raw<{ n: number | string; runs: number | string }>(query).execute(db);
  return { n: Number(rows[0]!.n), runs: Number(rows[0]!.runs) };
}

/** Each line in one run: lines held, the runs holding them, and lines of the week held by none. */
async function linesInRuns(db: Kysely<Database>, period: Period) {
  const held = await count(db, "pay_run_lines");
  const loose = await db
    .selectFrom("timesheet_lines as t")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("t.status", "=", "approved")
    .where("t.work_date", ">=", period.periodStart)
    .where("t.work_date", "<=", period.periodEnd)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("pay_run_lines as p")
            .select("p.line_id")
            .whereRef("p.line_id", "=", "t.id"),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  return { linesHeld: held.n, runsHolding: held.runs, linesInNoRun: Number(loose.n) };
}

/** --racers presses of "build the run" at once, half from each of two processes. */
async function race(url: string, period: Period) {
  const racers = Number(args.racers);
  const halves = [Math.ceil(racers / 2), Math.floor(racers / 2)];
  let ready = 0;
  const children: ChildProcess[] = [];
  const runs = halves.map((n) =>
    runChild(
      CHILD,
      ["build", url, String(n), period.periodStart, period.periodEnd],
      (message, child) => {
        if (!message.ready) return;
        children.push(child);
        // Both processes hold their connections open: let every owner press at once.
        if (++ready === halves.length) for (const each of children) each.stdin!.write("go\n");
      },
    ),
  );
  const answers = (await Promise.all(runs)).flatMap((run) =>
    run.messages.filter((m) => "built" in m),
  );
  return {
    built: answers.reduce((sum, m) => sum + Number(m.built), 0),
    refused: answers.reduce((sum, m) => sum + Number(m.refused), 0),
  };
}

/** The run's state: its status, and the ledger's payouts for it (one per cleaner once paid). */
async function runState(db: Kysely<Database>, runId: string) {
  const run = await db
    .selectFrom("pay_runs")
    .select(["status", "reference"])
    .where("id", "=", runId)
    .executeTakeFirstOrThrow();
  const payouts = await db
    .selectFrom("transactions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("reference_id", "=", run.reference)
    .executeTakeFirstOrThrow();
  const cleaners = await db
    .selectFrom("pay_run_lines")
    .select((eb) => eb.fn.count<number>("cleaner_id").distinct().as("n"))
    .where("run_id", "=", runId)
    .executeTakeFirstOrThrow();
  const consistent =
    run.status === "paid" ? Number(payouts.n) === Number(cleaners.n) : Number(payouts.n) === 0;
  return { status: run.status, payouts: Number(payouts.n), consistent };
}

/** Settles the run in a process SIGKILLed at random points, checking it after each kill. */
async function killWhileSettling(url: string, db: Kysely<Database>, runId: string) {
  const rounds = Number(args["kill-rounds"]);
  const seen: string[] = [];
  let inconsistent = 0;
  for (let round = 0; round < rounds; round++) {
    const delay = Math.floor(Math.random() * 1500);
    await runChild(CHILD, ["settle", url, runId], (message, child) => {
      if (message.settling) setTimeout(() => child.kill("SIGKILL"), delay);
    });
    const state = await runState(db, runId);
    seen.push(state.status);
    if (!state.consistent) inconsistent += 1;
    if (state.status === "paid") break;
  }
  await runChild(CHILD, ["settle", url, runId]);
  const final = await runState(db, runId);
  return { kills: seen.length, statusesAfterKills: seen.join(", "), inconsistent, final };
}

async function marginTimes(db: Kysely<Database>) {
  for (let i = 0; i < 2; i++) await getMargins(db);
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < Number(args["margin-runs"]) && performance.now() - started < 60_000; i++) {
    times.push((await timed(() => getMargins(db))).seconds * 1000);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)]!;
  return { runs: times.length, medianMs: at(0.5), p95Ms: at(0.95) };
}

/** The margins screen's load times, and the load average before and after them. */
async function benchMargins(name: string, db: Kysely<Database>, load: string) {
  const margins = await marginTimes(db);
  console.log(
    `${name}: margins of ${counts.yearJobs} jobs: ${JSON.stringify(margins)} (p95 target 50 ms)`,
  );
  console.log(`  load average ${load} at the first timing, ${await loadAverage()} at the end`);
}

async function benchOne({ name, database, url, d }: FreshDatabase) {
  const db = database.db;
  const now = new Date();
  console.log(`${name}: seeding (load average ${await loadAverage()})`);
  const seeded = await timed(() => seedPayroll(db, d, counts, now));
  const period = seeded.result;
  console.log(
    `  seeded in ${s(seeded.seconds)}; the week ${period.periodStart} to ${period.periodEnd}`,
  );
  const load = await loadAverage();
  if (args["margins-only"]) return benchMargins(name, db, load);
  const draft = await timed(() => buildPayRun(db, period, OWNER));
  if (!draft.result.ok) throw new Error(draft.result.message);
  console.log(
    `${name}: draft run of ${draft.result.lines} lines in ${s(draft.seconds)} (target 5 s)`,
  );
  await deleteDraftRun(db, draft.result.runId, OWNER);
  const raced = await race(url, period);
  const afterRace = await linesInRuns(db, period);
  console.log(
    `${name}: ${args.racers} owners at once: ${JSON.stringify({ ...raced, ...afterRace })}`,
  );
  const [run] = await db.selectFrom("pay_runs").select("id").execute();
  const killed = await killWhileSettling(url, db, run!.id);
  console.log(
    `${name}: settling under SIGKILL: ${JSON.stringify({ ...killed, ...(await linesInRuns(db, period)) })}`,
  );
  const aba = await timed(() => generateAbaFile(db, run!.id, OWNER, TEST_KEY));
  const payments = aba.result.ok ? aba.result.payments : aba.result.message;
  console.log(`${name}: ABA file of ${payments} payments in ${s(aba.seconds)} (target 1 s)`);
  await benchMargins(name, db, load);
}

console.log(
  `Pay runs: ${counts.cleaners} cleaners, ${counts.runLines} lines in the week, ${counts.yearJobs} jobs in the year`,
);
await onEachDatabase("payroll", args.only, benchOne);
