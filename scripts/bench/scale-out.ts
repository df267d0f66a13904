// npm run bench:scaleout: two app processes on one PostgreSQL database behind a round-robin
// proxy (docs/reliability.md#two-processes-on-one-postgresql-database). Makes a database at BENCH_PG_URL (default
// postgres://postgres@127.0.0.1:5432/postgres; dropped afterwards), starts build/server.js twice
// on it with one data folder, one SESSION_SECRET and rate limits on (TRUST_PROXY=on; the traffic
// names an address of its own per request), then:
// 1. the mixed traffic of scripts/bench/traffic.ts from `--concurrency` clients (default 16) for
//    `--seconds` (default 60) through the proxy to one process, then to both, with the CPU each
//    app process and the database's backends used meanwhile;
// 2. asserts, through the two processes: no webhook delivered twice (the fake automation host
//    counts webhook-id), a staff session made on one valid on the other, a limit of N a minute
//    letting N through across both, an upload made through one served by the other.
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { startAutomationHost } from "../../tests/fakes/automation-host";
import { startRoundRobinProxy } from "../../tests/helpers/round-robin-proxy";
import {
  dashboardStatus,
  fetchUpload,
  quotesLetThrough,
  repeatedWebhookIds,
  signInStaff,
  uploadPhoto,
} from "../../tests/helpers/scale-out-checks";
import { flag, startBenchServer } from "./bench-server";
import { cpuMs, formatFigures, runTraffic } from "./traffic";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const serverEntry = path.join(root, "build", "server.js");
const PG_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const LIMIT = 5;
const STAFF = { email: "owner@scale-out.example", password: "scale-out-bench-password-1" };

/** CPU used by the database's server processes for `database`, sampled while `work` runs. */
async function withBackendCpu<T>(admin: pg.Client, database: string, work: () => Promise<T>) {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const sample = async () => {
    const { rows } = await admin.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = $1",
      [database],
    );
    for (const { pid } of rows) {
      const used = cpuMs(pid);
      if (used === null) continue;
      // A backend born during the run counts from zero.
      if (!first.has(pid)) first.set(pid, sampling ? 0 : used);
      last.set(pid, used);
    }
  };
  let sampling = false;
  await sample();
  sampling = true;
  const timer = setInterval(() => void sample().catch(() => {}), 500);
  try {
    const result = await work();
    await sample();
    return { result, cpuMs: [...last].reduce((sum, [pid, ms]) => sum + ms - first.get(pid)!, 0) };
  } finally {
    clearInterval(timer);
  }
}

type BenchServer = Awaited<ReturnType<typeof startBenchServer>>;
type Proxy = Awaited<ReturnType<typeof startRoundRobinProxy>>;
type Host = Awaited<ReturnType<typeof startAutomationHost>>;
type Run = { admin: pg.Client; database: string; concurrency: number; seconds: number };

function check(ok: boolean, what: string) {
  console.log(`${ok ? "OK    " : "FAILED"} ${what}`);
  return ok;
}

function serverEnv(databaseUrl: string, dataDir: string, host: Host) {
  return {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: randomBytes(32).toString("hex"),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    ADMIN_EMAIL: STAFF.email,
    ADMIN_PASSWORD: STAFF.password,
    RATE_LIMITS: "on",
    TRUST_PROXY: "on",
    PUBLIC_FORMS_PER_MINUTE: String(LIMIT),
    WEBHOOK_PRODUCTION_URL: host.url("/production"),
    WEBHOOK_PRIVATE_TARGETS: "on",
    WEBHOOK_TEST_URL: "",
    SMTP_URL: "",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
  };
}

/** One after the other, as a rolling deploy starts them: the first migrates and seeds. */
async function startServers(env: Record<string, string>, servers: BenchServer[]) {
  for (const label of ["a", "b"]) {
    servers.push(
      await startBenchServer(serverEntry, {
        cwd: root,
        name: `scaleout-${label}`,
        env,
        pipeStdout: true,
      }),
    );
  }
  return servers as [BenchServer, BenchServer];
}

/** One run of mixed traffic through `processes`; prints its figures and CPU shares. */
async function measureProcesses(run: Run, proxy: Proxy, processes: BenchServer[]) {
  proxy.use(processes.map((server) => server.baseUrl));
  const appBefore = processes.map((server) => cpuMs(server.pid) ?? 0);
  const load = os.loadavg()[0]!;
  const { result: figures, cpuMs: dbCpu } = await withBackendCpu(run.admin, run.database, () =>
    runTraffic({ baseUrl: proxy.url, concurrency: run.concurrency, seconds: run.seconds }),
  );
  const appCpu = processes.map((server, i) => (cpuMs(server.pid) ?? 0) - appBefore[i]!);
  const share = (ms: number) => `${Math.round((ms / 1000 / figures.seconds) * 100)}%`;
  console.log(formatFigures(`${processes.length} process(es)`, figures));
  console.log(
    `  CPU of a core: app ${appCpu.map(share).join(" + ")}, PostgreSQL backends ${share(dbCpu)}; ` +
      `per request: app ${(appCpu.reduce((x, y) => x + y, 0) / figures.requests).toFixed(2)} ms, ` +
      `PostgreSQL ${(dbCpu / figures.requests).toFixed(2)} ms; ` +
      `load average ${load.toFixed(1)} to ${os.loadavg()[0]!.toFixed(1)}`,
  );
  return figures;
}

/** Throughput with one process, then two; false when a run had errors. */
async function compareThroughput(run: Run, proxy: Proxy, a: BenchServer, b: BenchServer) {
  const results: Record<string, number> = {};
  let clean = true;
  for (const processes of [[a], [a, b]]) {
    const figures = await measureProcesses(run, proxy, processes);
    results[processes.length] = figures.perSecond;
    if (figures.errors > 0) clean = false;
  }
  console.log(
    `throughput: one process ${results[1]} req/s, two ${results[2]} req/s ` +
      `(x${(results[2]! / results[1]!).toFixed(2)})`,
  );
  return clean;
}

async function countWebhooks(reader: pg.Client, statuses: string) {
  const { rows } = await reader.query(
    `select count(*) as n from outbox_messages where kind = 'webhook' and status in (${statuses})`,
  );
  return Number(rows[0].n);
}

/** Waits (up to two minutes) for the outbox to send its webhooks; the count delivered. */
async function deliveredWebhooks(databaseUrl: string) {
  const until = Date.now() + 120_000;
  const reader = new pg.Client({ connectionString: databaseUrl });
  await reader.connect();
  while ((await countWebhooks(reader, "'pending', 'retrying'")) > 0 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const delivered = await countWebhooks(reader, "'delivered'");
  await reader.end();
  return delivered;
}

/** The correctness of the shared state, through both processes; false when a check failed. */
async function checkSharedState(
  proxy: Proxy,
  a: BenchServer,
  b: BenchServer,
  host: Host,
  databaseUrl: string,
) {
  proxy.use([a.baseUrl, b.baseUrl]);
  const cookie = await signInStaff(a.baseUrl, STAFF.email, STAFF.password);
  const results = [
    check(
      (await dashboardStatus(b.baseUrl, cookie)) === 200,
      "a staff session made on process A is valid on process B",
    ),
  ];
  const counted = await quotesLetThrough(proxy.url, "192.0.2.77", LIMIT * 2 + 2);
  results.push(
    check(
      counted.created === LIMIT && counted.limited === LIMIT + 2 && counted.other.length === 0,
      `a limit of ${LIMIT} a minute let ${counted.created} of ${LIMIT * 2 + 2} through across both`,
    ),
  );
  const upload = await uploadPhoto(a.baseUrl, "192.0.2.78");
  const served = await fetchUpload(b.baseUrl, upload);
  results.push(
    check(served.status === 200, `an upload made through A is served by B (${served.status})`),
  );
  const delivered = await deliveredWebhooks(databaseUrl);
  const repeats = repeatedWebhookIds(host.requests);
  results.push(
    check(
      repeats.length === 0 && host.requests.length === delivered,
      `webhooks: ${delivered} delivered, ${host.requests.length} received, ${repeats.length} ids twice`,
    ),
  );
  return results.every(Boolean);
}

async function main() {
  if (!existsSync(serverEntry)) throw new Error("build/server.js is missing: run `npm run build`");
  const seconds = flag("seconds", 60);
  const concurrency = flag("concurrency", 16);
  const name = `hg_bench_scaleout_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const databaseUrl = Object.assign(new URL(PG_URL), { pathname: `/${name}` }).toString();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "hg-bench-scaleout-"));
  const host = await startAutomationHost();
  const servers: BenchServer[] = [];
  let passed = false;
  try {
    const [a, b] = await startServers(serverEnv(databaseUrl, dataDir, host), servers);
    const proxy = await startRoundRobinProxy([a.baseUrl]);
    console.log(
      `Scale-out on PostgreSQL: mixed traffic (browse 80%, quotes 15%, bookings 5%), ` +
        `${concurrency} clients, ${seconds} s a run, ${os.cpus().length} CPUs, Node ${process.version}`,
    );
    const run: Run = { admin, database: name, concurrency, seconds };
    const clean = await compareThroughput(run, proxy, a, b);
    const shared = await checkSharedState(proxy, a, b, host, databaseUrl);
    passed = clean && shared;
    await proxy.close();
  } finally {
    for (const server of servers) await server.stop();
    await host.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (!passed) process.exitCode = 1;
}

await main();
