// npm run bench:http: the fixed cost of a request, as a share of what Node itself can do.
// In one run, with the same autocannon settings each time: a bare `node:http` server answering
// JSON (the floor: no framework, no middleware), then build/server.js (run `npm run build` first;
// rate limits off, logging at info as production runs it) on GET /healthz, GET / (the home page,
// from the process's page cache after one warming visit) and POST /api/v1/quotes. Prints
// requests/s, p50/p99 and each as a ratio of the floor, the median of BENCH_ROUNDS rounds
// (default 3). The server's profile of a /healthz run (BENCH_ONLY=healthz):
// BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" npm run bench:http.
import { spawn } from "node:child_process";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import {
  autocannon,
  BENCH_QUOTE,
  freePort,
  startBenchServer,
  type AutocannonOptions,
  type AutocannonResult,
} from "./bench-server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const serverEntry = path.join(root, "build", "server.js");
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
// Which targets to measure besides the floor (comma-separated parts of their names); all by default.
const ONLY = (process.env.BENCH_ONLY ?? "healthz,home,304,quotes").split(",");

// The floor: what a Node process on this machine answers with nothing in the way. On /bytes it
// sends the home page's gzip body instead (PAGE_FILE), as stored: the ceiling for that answer on
// this client. (The bytes matter, not only their number: autocannon reads 15 kB of "x" several
// times faster than 15 kB of gzip.)
const BARE_SERVER = `
const http = require("node:http");
const page = require("node:fs").readFileSync(process.env.PAGE_FILE);
http.createServer((req, res) => {
  const body = req.url === "/bytes" ? page : JSON.stringify({ status: "ok" });
  res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
}).listen(Number(process.env.PORT), "127.0.0.1", () => console.log("ready"));
`;

async function startBareServer(pageFile: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ["-e", BARE_SERVER], {
    env: { ...process.env, PORT: String(port), PAGE_FILE: pageFile },
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

type Target = { name: string; url: string; options?: Partial<AutocannonOptions> };
type Sample = {
  rps: number;
  ratio: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
};

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

function run(target: Target) {
  return autocannon({
    url: target.url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    ...target.options,
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const ratio = (value: number) => value.toFixed(value < 0.1 ? 3 : 2);

function print(name: string, samples: Sample[]) {
  console.log(
    [
      name.padEnd(30),
      `${median(samples.map((s) => s.rps))
        .toFixed(0)
        .padStart(6)} req/s`,
      `${ratio(median(samples.map((s) => s.ratio)))} of floor`,
      `(rounds: ${samples.map((s) => ratio(s.ratio)).join(", ")})`,
      `p50 ${median(samples.map((s) => s.p50))} ms`,
      `p99 ${median(samples.map((s) => s.p99))} ms`,
      `errors ${samples.reduce((sum, s) => sum + s.errors, 0)}`,
      `non-2xx ${samples.reduce((sum, s) => sum + s.non2xx, 0)}`,
    ].join("  "),
  );
}

type Samples = Map<string, Sample[]>;

/** The first visit renders and stores the page; the runs measure the cached copy. */
async function storeHomePage(baseUrl: string, pageFile: string) {
  const first = await fetch(`${baseUrl}/`, { headers: { "accept-encoding": "gzip" } });
  const etag = first.headers.get("etag") ?? "";
  // fetch unpacks the body; the bare server sends the same bytes the page cache sends.
  const gzipped = gzipSync(Buffer.from(await first.arrayBuffer()));
  writeFileSync(pageFile, gzipped);
  if (!first.headers.get("cache-control")?.startsWith("public")) {
    console.warn(`warning: / is not cacheable (${first.headers.get("cache-control")})`);
  }
  return { etag, pageBytes: gzipped.length };
}

function readTargets(baseUrl: string, bareUrl: string, page: { etag: string; pageBytes: number }) {
  const allReads: Target[] = [
    { name: "GET /healthz", url: `${baseUrl}/healthz` },
    // Not a target: what this client gets from bare Node for a body the size of the page.
    { name: `bare node:http, home's ${page.pageBytes} B gzip`, url: `${bareUrl}bytes` },
    // As browsers and CDNs ask for it: gzip accepted (the stored copy has a gzip twin).
    {
      name: "GET / (cached home page)",
      url: `${baseUrl}/`,
      options: { headers: { "accept-encoding": "gzip" } },
    },
    // A CDN revalidating its copy: 304, no body.
    {
      name: "GET / If-None-Match (304)",
      url: `${baseUrl}/`,
      options: { headers: { "if-none-match": page.etag } },
    },
  ];
  return allReads.filter((target) =>
    ONLY.some((only) => target.name.includes(only) || target.name.startsWith("bare")),
  );
}

// Last and once: each quote queues a webhook and an email, and the worker sending them
// afterwards would slow every later measurement.
function writeTargets(baseUrl: string): Target[] {
  return [
    {
      name: "POST /api/v1/quotes",
      url: `${baseUrl}/api/v1/quotes`,
      options: {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: BENCH_QUOTE,
      },
    },
  ].filter((target) => ONLY.some((only) => target.name.includes(only)));
}

// The machine is shared: each round measures the floor right before the others, and each
// ratio is to its own round's floor; the medians are reported.
async function measureRound(samples: Samples, bareUrl: string, targets: Target[]) {
  const floor = await run({ name: "floor", url: bareUrl });
  const floorRps = floor.requests.average;
  const measured: Array<[string, AutocannonResult]> = [["floor", floor]];
  for (const target of targets) measured.push([target.name, await run(target)]);
  for (const [name, result] of measured) {
    const list = samples.get(name) ?? [];
    list.push({
      rps: result.requests.average,
      ratio: result.requests.average / floorRps,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
    });
    samples.set(name, list);
  }
}

async function measureAll(
  baseUrl: string,
  bareUrl: string,
  page: { etag: string; pageBytes: number },
) {
  const reads = readTargets(baseUrl, bareUrl, page);
  const writes = writeTargets(baseUrl);
  const samples: Samples = new Map([["floor", []]]);
  for (let round = 0; round < ROUNDS; round++) await measureRound(samples, bareUrl, reads);
  if (writes.length > 0) await measureRound(samples, bareUrl, writes);
  for (const [name, list] of samples) {
    print(name === "floor" ? "floor: bare node:http JSON" : name, list);
  }
}

async function main() {
  if (!existsSync(serverEntry)) throw new Error("build/server.js is missing: run `npm run build`");
  const [load1 = 0, load5 = 0] = os.loadavg();
  console.log(
    `${CONNECTIONS} connections, ${DURATION_S} s each, ${ROUNDS} rounds, ${os.cpus().length} CPUs, ` +
      `Node ${process.version}, load average ${load1.toFixed(2)} / ${load5.toFixed(2)} (1 / 5 min)`,
  );
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
  let bare: Awaited<ReturnType<typeof startBareServer>> | undefined;
  const pageFile = path.join(os.tmpdir(), `hg-bench-http-${process.pid}.gz`);
  try {
    const page = await storeHomePage(server.baseUrl, pageFile);
    bare = await startBareServer(pageFile);
    await measureAll(server.baseUrl, bare.url, page);
  } finally {
    await server.stop();
    await bare?.stop();
    rmSync(pageFile, { force: true });
  }
}

await main();
