// npm run bench:quotes: load on the instant-quote API, as production runs it.
// Starts build/server.js (run `npm run build` first) on a fresh SQLite database in a temporary
// DATA_DIR with RATE_LIMITS=off, then runs autocannon for 20 s against POST /api/v1/quotes (each
// request stores a quote and its webhook in one transaction) and 20 s against GET /healthz for a
// baseline, and prints throughput, p50/p99 latency and errors.
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { autocannon, BENCH_QUOTE, startBenchServer, type AutocannonResult } from "./bench-server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const serverEntry = path.join(root, "build", "server.js");
const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

function report(name: string, result: AutocannonResult) {
  const line = [
    name.padEnd(22),
    `${result.requests.average.toFixed(0).padStart(6)} req/s`,
    `p50 ${String(result.latency.p50).padStart(4)} ms`,
    `p99 ${String(result.latency.p99).padStart(4)} ms`,
    `${result.requests.total} requests`,
    `errors ${result.errors + result.timeouts}`,
    `non-2xx ${result.non2xx}`,
  ];
  console.log(line.join("  "));
}

async function main() {
  if (!existsSync(serverEntry)) throw new Error("build/server.js is missing: run `npm run build`");
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
    console.log(
      `Quotes API on SQLite, ${CONNECTIONS} connections, ${DURATION_S} s each, ` +
        `${os.cpus().length} CPUs, Node ${process.version}`,
    );
    const quotes = await autocannon({
      url: `${baseUrl}/api/v1/quotes`,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: BENCH_QUOTE,
      connections: CONNECTIONS,
      duration: DURATION_S,
    });
    report("POST /api/v1/quotes", quotes);
    const health = await autocannon({
      url: `${baseUrl}/healthz`,
      connections: CONNECTIONS,
      duration: DURATION_S,
    });
    report("GET /healthz", health);
    if (quotes.non2xx + quotes.errors > 0) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

await main();
