// npm run bench:quotes: load on the instant-quote API, as production runs it, against the durable
// floor. Starts build/server.js (run `npm run build` first; BENCH_SERVER_ENTRY picks another
// build, to compare two back to back) on a fresh SQLite database in a temporary DATA_DIR with
// RATE_LIMITS=off, then runs autocannon for 20 s against POST /api/v1/quotes (each request stores
// a quote, its webhook and its emails in one transaction) and 20 s against GET /healthz for a
// baseline. First, with the same client load, it measures the durable floor: a bare `node:http`
// server that reads the same body and commits it with one better-sqlite3 insert (WAL,
// `synchronous = FULL`, as the app's database) per request. Prints throughput, p50/p99 latency,
// errors and the quotes' ratio to the floor; then waits for the outbox to drain and prints the
// server's CPU time per quote, its webhook and emails included.
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import SQLite from "better-sqlite3";
import { autocannon, startBenchServer } from "./bench-server";
import { measured, measureFloor, postQuotes, type Measured } from "./durable-floor";
import { cpuMs } from "./traffic";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const serverEntry = path.resolve(root, process.env.BENCH_SERVER_ENTRY ?? "build/server.js");
const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const LOAD = { connections: CONNECTIONS, duration: DURATION_S };

/**
 * Waits until the server's outbox holds no webhook or email still to try (scheduled jobs wait),
 * reading its database file; answers how long that took after the load ended.
 */
async function outboxDrained(dataDir: string) {
  const started = Date.now();
  const db = new SQLite(path.join(dataDir, "app.db"), { readonly: true });
  try {
    const waiting = db
      .prepare(
        "select count(*) from outbox_messages where kind in ('webhook', 'email') and status in ('pending', 'retrying')",
      )
      .pluck();
    // Bounded: a message that failed waits for its retry, which may be far off.
    const until = started + 120_000;
    while (Number(waiting.get()) > 0 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    db.close();
  }
  return Date.now() - started;
}

function report(name: string, { result, cpuPerRequest }: Measured, floor?: Measured) {
  const line = [
    name.padEnd(30),
    `${result.requests.average.toFixed(0).padStart(6)} req/s`,
    `p50 ${String(result.latency.p50).padStart(4)} ms`,
    `p99 ${String(result.latency.p99).padStart(4)} ms`,
    `${result.requests.total} requests`,
    `errors ${result.errors + result.timeouts}`,
    `non-2xx ${result.non2xx}`,
  ];
  if (cpuPerRequest !== null) line.push(`server CPU ${cpuPerRequest.toFixed(2)} ms/request`);
  if (floor) {
    line.push(`${(result.requests.average / floor.result.requests.average).toFixed(3)} of floor`);
  }
  console.log(line.join("  "));
}

async function main() {
  if (!existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run \`npm run build\``);
  console.log(
    `Quotes API on SQLite, ${CONNECTIONS} connections, ${DURATION_S} s each, ` +
      `${os.cpus().length} CPUs, Node ${process.version}, load average ` +
      os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(" "),
  );
  const floor = await measureFloor(LOAD);
  report("Floor: node:http + 1 insert", floor);
  // One JSON log line per request, as production writes them; read and dropped.
  const server = await startBenchServer(serverEntry, {
    cwd: root,
    name: "quotes",
    env: {
      LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
      WEBHOOK_PRODUCTION_URL: "",
      WEBHOOK_TEST_URL: "",
      SMTP_URL: "",
    },
    pipeStdout: true,
  });
  const { baseUrl } = server;
  try {
    const cpuBefore = cpuMs(server.pid);
    const quotes = await measured(server.pid, () => postQuotes(`${baseUrl}/api/v1/quotes`, LOAD));
    report("POST /api/v1/quotes", quotes, floor);
    // The worker may still be sending the quotes' webhooks and emails: their CPU is the quotes'.
    const drainMs = await outboxDrained(server.dataDir);
    const cpuAfter = cpuMs(server.pid);
    if (cpuBefore !== null && cpuAfter !== null) {
      const perQuote = (cpuAfter - cpuBefore) / Math.max(1, quotes.result.requests.total);
      console.log(
        `  outbox drained ${(drainMs / 1000).toFixed(1)} s after the load; server CPU ` +
          `${perQuote.toFixed(2)} ms a quote with its webhook and emails ` +
          `(${(perQuote / floor.cpuPerRequest!).toFixed(1)}x the floor's per insert)`,
      );
    }
    const health = await measured(server.pid, () =>
      autocannon({ url: `${baseUrl}/healthz`, connections: CONNECTIONS, duration: DURATION_S }),
    );
    report("GET /healthz", health);
    if (quotes.result.non2xx + quotes.result.errors > 0) process.exitCode = 1;
  } finally {
    await server.stop();
  }
  console.log(
    "load average at the end " +
      os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(" "),
  );
}

await main();
