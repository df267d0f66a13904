// Started by admin-dashboard.ts in a process of its own, as a server would run the export: opens
// the benchmark database, streams the full transactions CSV for the year (every row of the
// benchmark) into nothing, and prints the rows, the seconds and the process's peak RSS as JSON.
import { financeCsvStream } from "~/features/finance/finance-export.server";
import { parseFinanceQuery } from "~/features/finance/finance.schema";
import { createDatabase } from "~/server/db.server";

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
for (;;) {
  const { done, value } = await reader.read();
  if (done) break;
  bytes += value.byteLength;
  for (let i = 0; i < value.length; i++) if (value[i] === 10) newlines++;
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
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  }),
);
