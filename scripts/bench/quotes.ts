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
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import SQLite from "better-sqlite3";
import {
  autocannon,
  BENCH_QUOTE,
  freePort,
  startBenchServer,
  type AutocannonResult,
} from "./bench-server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const serverEntry = path.resolve(root, process.env.BENCH_SERVER_ENTRY ?? "build/server.js");
const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

// The floor: nothing between the socket and one durable commit. Run with the project's own
// better-sqlite3 (resolved from the project root), so the SQLite build is the app's.
const FLOOR_SERVER = `
const http = require("node:http");
const SQLite = require("better-sqlite3");
const db = new SQLite(process.env.FLOOR_DB);
db.pragma("journal_mode = WAL");
db.pragma("synchronous = FULL");
db.exec("create table if not exists floor_quotes (id text primary key, body text not null, created_at text not null)");
const insert = db.prepare("insert into floor_quotes (id, body, created_at) values (?, ?, ?)");
const { randomUUID } = require("node:crypto");
http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (chunk) => chunks.push(chunk));
  req.on("end", () => {
    const body = Buffer.concat(chunks).toString("utf8");
    const id = randomUUID();
    insert.run(id, body, new Date().toISOString());
    const answer = JSON.stringify({ reference: id });
    res.writeHead(201, { "content-type": "application/json", "content-length": Buffer.byteLength(answer) });
    res.end(answer);
  });
}).listen(Number(process.env.PORT), "127.0.0.1", () => console.log("ready"));
`;

async function startFloorServer() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "hg-bench-floor-"));
  const port = await freePort();
  const child = spawn(process.execPath, ["-e", FLOOR_SERVER], {
    cwd: root,
    env: { ...process.env, PORT: String(port), FLOOR_DB: path.join(dir, "floor.db") },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once("data", () => resolve());
    child.once("exit", () => reject(new Error("the floor server exited")));
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    pid: child.pid!,
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("close", resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const TICKS_PER_SECOND = 100;

/**
 * A process's CPU time so far (user and system, in ms), from /proc on Linux; null elsewhere. On a
 * shared machine the CPU a request costs moves far less with the load than requests a second.
 */
function cpuMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    // utime and stime are fields 14 and 15 of stat(5); here counted from the state, field 3.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** Runs `load` and answers its result with the server's CPU time per request. */
async function measured(pid: number, load: () => Promise<AutocannonResult>) {
  const before = cpuMs(pid);
  const result = await load();
  const after = cpuMs(pid);
  const perRequest =
    before === null || after === null
      ? null
      : (after - before) / Math.max(1, result.requests.total);
  return { result, cpuPerRequest: perRequest };
}

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

function postQuotes(url: string) {
  return autocannon({
    url,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: BENCH_QUOTE,
    connections: CONNECTIONS,
    duration: DURATION_S,
  });
}

type Measured = { result: AutocannonResult; cpuPerRequest: number | null };

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
  const bare = await startFloorServer();
  let floor: Measured;
  try {
    floor = await measured(bare.pid, () => postQuotes(bare.url));
    report("Floor: node:http + 1 insert", floor);
  } finally {
    await bare.stop();
  }
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
    const quotes = await measured(server.pid, () => postQuotes(`${baseUrl}/api/v1/quotes`));
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
