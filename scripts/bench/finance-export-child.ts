// Started by admin-dashboard.ts in a process of its own, as a server would run the export: opens
// the benchmark database, streams the full transactions CSV for the year (every row of the
// benchmark) into nothing, and prints the rows, the seconds and the process's peak RSS as JSON.
import { financeCsvStream } from "~/features/finance/finance-export.server";
import { parseFinanceQuery } from "~/features/finance/finance.schema";
import { readFileSync } from "node:fs";
import { createDatabase } from "~/server/db.server";

// The peak resident set of this process's own memory: VmHWM of /proc/self/status. Not
// process.resourceUsage().maxRSS: Linux carries that across fork and exec, so a child started by
// a parent holding a seeded million rows would report the parent's size, not its own.
function peakRssMb() {
  const line = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync("/proc/self/status", "utf8"));
  return line ? Number(line[1]) / 1024 : process.resourceUsage().maxRSS / 1024;
}

const [url, schema, nowIso] = process.argv.slice(2) as [string, string, string];
const database = createDatabase(url, schema ? { schema } : {});
const baselineRss = process.memoryUsage().rss;
const query = parseFinanceQuery(new URLSearchParams("view=transactions&period=year"));
const started = performance.now();
const reader = financeCsvStream(database.db, query, {
  encryptionKey: Buffer.alloc(32).toString("base64"),
  now: new Date(nowIso),
}).getReader();
let newlines = 0;
let bytes = 0;
// The peak after the first tenth of the rows: flat memory means the end's peak is about the same.
let earlyPeakRssMb: number | null = null;
for (;;) {
  const { done, value } = await reader.read();
  if (done) break;
  bytes += value.byteLength;
  for (let i = 0; i < value.length; i++) if (value[i] === 10) newlines++;
  if (earlyPeakRssMb === null && newlines >= 100_000) earlyPeakRssMb = peakRssMb();
}
const seconds = (performance.now() - started) / 1000;
await database.close();
console.log(
  JSON.stringify({
    // Newlines inside quoted fields would count too; the benchmark's descriptions have none.
    rows: newlines - 1,
    bytes,
    seconds,
    baselineRssMb: baselineRss / 2 ** 20,
    earlyPeakRssMb: earlyPeakRssMb ?? peakRssMb(),
    peakRssMb: peakRssMb(),
  }),
);
