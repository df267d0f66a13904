// npm run bench:http: the fixed cost of a request, as a share of what Node itself can do.
// In one run, with the same autocannon settings each time: a bare `node:http` server answering
// JSON (the floor: no framework, no middleware), then build/server.js (run `npm run build` first;
// rate limits off, logging at info as production runs it) on GET /healthz, GET / (the home page,
// from the process's page cache after one warming visit) and POST /api/v1/quotes. Prints
// requests/s, p50/p99 and each as a ratio of the floor. The server's profile of a run:
// BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" npm run bench:http.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, startBenchServer } from "./bench-server";

type AutocannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
};
type Autocannon = (options: {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  duration?: number;
}) => Promise<AutocannonResult>;

const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const serverEntry = path.join(root, "build", "server.js");
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
// Which measurements to run (comma-separated); all by default. "healthz" alone is the one to profile.
const ONLY = (process.env.BENCH_ONLY ?? "floor,healthz,page,quotes").split(",");

const QUOTE = JSON.stringify({
  serviceType: "residential",
  spaceDetails: { type: "house", bedrooms: 3, bathrooms: 2, floors: 2, address: "Mosman NSW 2088" },
  cleaningLevel: "deep",
  preferences: { timePreference: "morning", ecoFriendly: true },
  conditions: { dirtLevel: "normal" },
  photosWaived: true,
  leadInfo: { name: "Bench Mark", email: "bench@example.com", phone: "0412 345 678" },
});

// The floor: what a Node process on this machine answers with nothing in the way.
const BARE_SERVER = `
const http = require("node:http");
http.createServer((req, res) => {
  const body = JSON.stringify({ status: "ok" });
  res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
}).listen(Number(process.env.PORT), "127.0.0.1", () => console.log("ready"));
`;

async function startBareServer() {
  const port = await freePort();
  const child = spawn(process.execPath, ["-e", BARE_SERVER], {
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once("data", () => resolve());
    child.once("exit", () => reject(new Error("the bare server exited")));
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => {
      child.kill("SIGTERM");
      return new Promise((resolve) => child.once("close", resolve));
    },
  };
}

type Row = { name: string; result: AutocannonResult };

function run(url: string, extra: Partial<Parameters<Autocannon>[0]> = {}) {
  return autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, ...extra });
}

function print(rows: Row[]) {
  const floor = rows.find((row) => row.name.startsWith("floor"))?.result.requests.average;
  for (const { name, result } of rows) {
    const rps = result.requests.average;
    console.log(
      [
        name.padEnd(30),
        `${rps.toFixed(0).padStart(6)} req/s`,
        floor ? `${(rps / floor).toFixed(2)} of floor` : "",
        `p50 ${String(result.latency.p50).padStart(3)} ms`,
        `p99 ${String(result.latency.p99).padStart(3)} ms`,
        `errors ${result.errors + result.timeouts}`,
        `non-2xx ${result.non2xx}`,
      ].join("  "),
    );
  }
}

async function main() {
  if (!existsSync(serverEntry)) throw new Error("build/server.js is missing: run `npm run build`");
  const [load1 = 0, load5 = 0] = os.loadavg();
  console.log(
    `${CONNECTIONS} connections, ${DURATION_S} s each, ${os.cpus().length} CPUs, ` +
      `Node ${process.version}, load average ${load1.toFixed(2)} / ${load5.toFixed(2)} (1 / 5 min)`,
  );
  const rows: Row[] = [];

  if (ONLY.includes("floor")) {
    const bare = await startBareServer();
    try {
      rows.push({ name: "floor: bare node:http JSON", result: await run(bare.url) });
    } finally {
      await bare.stop();
    }
  }

  const server = await startBenchServer(serverEntry, {
    cwd: root,
    name: "http",
    env: {
      LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
      WEBHOOK_PRODUCTION_URL: "",
      WEBHOOK_TEST_URL: "",
      SMTP_URL: "",
    },
    pipeStdout: true,
  });
  try {
    const { baseUrl } = server;
    if (ONLY.includes("healthz")) {
      rows.push({ name: "GET /healthz", result: await run(`${baseUrl}/healthz`) });
    }
    if (ONLY.includes("page")) {
      // The first visit renders and stores the page; the run measures the cached copy.
      const first = await fetch(`${baseUrl}/`);
      await first.text();
      if (!first.headers.get("cache-control")?.startsWith("public")) {
        console.warn(`warning: / is not cacheable (${first.headers.get("cache-control")})`);
      }
      rows.push({ name: "GET / (cached home page)", result: await run(`${baseUrl}/`) });
    }
    if (ONLY.includes("quotes")) {
      rows.push({
        name: "POST /api/v1/quotes",
        result: await run(`${baseUrl}/api/v1/quotes`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: QUOTE,
        }),
      });
    }
  } finally {
    await server.stop();
  }
  print(rows);
}

await main();
