import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { encodeCursor } from "~/components/kit/keyset";
import { getFinanceOverview, getTransactionsPage } from "~/features/finance/finance.service.server";
import { FINANCE_PERIODS, parseFinanceQuery } from "~/features/finance/finance.schema";
import type { AppDatabase } from "~/server/db.server";

// The finance screen's part of npm run bench:admin, on the database admin-dashboard.ts seeded.

export type FinanceResult =
  | { dialect: string; label: string; median: number; p95: number; max: number }
  | {
      dialect: string;
      label: "CSV export";
      rows: number;
      rowsPerSecond: number;
      peakRssMb: number;
      earlyPeakRssMb: number;
      baselineRssMb: number;
    };

const DAY_MS = 86_400_000;

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function timeCalls(
  dialect: string,
  label: string,
  runs: number,
  call: () => Promise<unknown>,
) {
  for (let i = 0; i < 2; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await call();
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
  console.log(
    `${dialect}, finance ${label}: median ${result.median.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms`,
  );
  return result;
}

/**
 * The export's JavaScript heap is capped far below what a million rows held at once would take
 * (a few hundred MB): finishing under the cap shows the stream holds one batch at a time.
 */
const EXPORT_HEAP_MB = 128;

/** The full export in a child process, as a server would stream it. */
function exportInChild(url: string, schema: string, now: Date) {
  const child = path.join(path.dirname(fileURLToPath(import.meta.url)), "finance-export-child.ts");
  return new Promise<{
    rows: number;
    seconds: number;
    peakRssMb: number;
    earlyPeakRssMb: number;
    baselineRssMb: number;
  }>((resolve, reject) => {
    const run = spawn(
      process.execPath,
      [
        ...process.execArgv,
        `--max-old-space-size=${EXPORT_HEAP_MB}`,
        child,
        url,
        schema,
        now.toISOString(),
      ],
      {
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let out = "";
    run.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    run.once("error", reject);
    run.once("close", (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split("\n").at(-1)!))
        : reject(new Error(`export exited ${code}`)),
    );
  });
}

export async function timeFinance(
  dialect: string,
  database: AppDatabase,
  options: { url: string; schema?: string; now: Date; runs: number },
): Promise<FinanceResult[]> {
  const { now, runs } = options;
  const db = database.db;
  const results: FinanceResult[] = [];
  for (const period of FINANCE_PERIODS) {
    results.push(
      await timeCalls(dialect, `overview, ${period}`, runs, () =>
        getFinanceOverview(db, { period, now }),
      ),
    );
  }
  const query = (text: string) => parseFinanceQuery(new URLSearchParams(text));
  // Deep in the list: a cursor halfway through the benchmark's 120 days, or its amounts.
  const middle = new Date(now.getTime() - 60 * DAY_MS).toISOString();
  const deepByDate = encodeCursor({ value: middle, id: "ffffffff" });
  const deepByAmount = encodeCursor({ value: "34000", id: "ffffffff" });
  const pages: [string, string, string | undefined][] = [
    ["transactions, first page", "period=month", undefined],
    ["transactions, deep page by date", "period=year", deepByDate],
    ["transactions, deep page by amount", "period=year&sort=amount&dir=asc", deepByAmount],
    ["transactions, refunds, first page", "period=year&type=refund", undefined],
    ["transactions, payouts, deep page", "period=year&type=payout", deepByDate],
    ["transactions, refunds by amount, deep", "period=year&type=refund&sort=amount", deepByAmount],
  ];
  for (const [label, text, after] of pages) {
    results.push(
      await timeCalls(dialect, label, runs, () =>
        getTransactionsPage(db, { ...query(text), after }, { now }),
      ),
    );
  }
  const exported = await exportInChild(options.url, options.schema ?? "", now);
  const rowsPerSecond = exported.rows / exported.seconds;
  console.log(
    `${dialect}, finance CSV export: ${exported.rows.toLocaleString("en-AU")} rows in ${exported.seconds.toFixed(1)} s, ` +
      `${Math.round(rowsPerSecond).toLocaleString("en-AU")} rows/s, peak RSS ${exported.peakRssMb.toFixed(0)} MB ` +
      `(${exported.earlyPeakRssMb.toFixed(0)} MB after the first 100,000 rows, ${exported.baselineRssMb.toFixed(0)} MB before)`,
  );
  results.push({
    dialect,
    label: "CSV export",
    rows: exported.rows,
    rowsPerSecond,
    peakRssMb: exported.peakRssMb,
    earlyPeakRssMb: exported.earlyPeakRssMb,
    baselineRssMb: exported.baselineRssMb,
  });
  return results;
}

export function printFinanceResults(results: FinanceResult[]) {
  const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(10);
  console.log(
    `\n| Database   | Finance call                            |     Median |        p95 |        Max |`,
  );
  console.log(
    `|------------|-----------------------------------------|------------|------------|------------|`,
  );
  for (const r of results) {
    if ("rowsPerSecond" in r) continue;
    console.log(
      `| ${r.dialect.padEnd(10)} | ${r.label.padEnd(39)} | ${ms(r.median)} | ${ms(r.p95)} | ${ms(r.max)} |`,
    );
  }
  for (const r of results) {
    if (!("rowsPerSecond" in r)) continue;
    console.log(
      `${r.dialect}: CSV export of ${r.rows.toLocaleString("en-AU")} rows at ${Math.round(r.rowsPerSecond).toLocaleString("en-AU")} rows/s, ` +
        `peak RSS ${r.peakRssMb.toFixed(0)} MB (${r.earlyPeakRssMb.toFixed(0)} MB after 100,000 rows, ${r.baselineRssMb.toFixed(0)} MB at start)`,
    );
  }
  const slow = results.filter((r) => "p95" in r && r.p95 >= 50);
  const slowExport = results.filter((r) => "rowsPerSecond" in r && r.rowsPerSecond < 100_000);
  console.log(
    slow.length === 0 && slowExport.length === 0
      ? "\nEvery finance p95 is under 50 ms and every export over 100,000 rows/s."
      : `\n${slow.length} finance p95 figure(s) at or over 50 ms; ${slowExport.length} export(s) under 100,000 rows/s.`,
  );
}
