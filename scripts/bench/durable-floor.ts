// The durable floor (docs/benchmarks.md, "Quotes API"): a bare `node:http` server that reads a
// posted body and commits it with one better-sqlite3 insert (WAL, `synchronous = FULL`, as the
// app's database) per request. What any durable write of ours is measured against, in the same
// run and under the same client load: `npm run bench:quotes` and `npm run bench:bookings`.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { autocannon, BENCH_QUOTE, freePort, type AutocannonResult } from "./bench-server";
import { cpuMs } from "./traffic";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

// Nothing between the socket and one durable commit. Run with the project's own better-sqlite3
// (resolved from the project root), so the SQLite build is the app's.
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

export async function startFloorServer() {
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

export type Measured = { result: AutocannonResult; cpuPerRequest: number | null };

/** Runs `load` and answers its result with the server's CPU time per request. */
export async function measured(
  pid: number,
  load: () => Promise<AutocannonResult>,
): Promise<Measured> {
  const before = cpuMs(pid);
  const result = await load();
  const after = cpuMs(pid);
  const perRequest =
    before === null || after === null
      ? null
      : (after - before) / Math.max(1, result.requests.total);
  return { result, cpuPerRequest: perRequest };
}

/** The bench quote posted `duration` seconds over `connections` connections. */
export function postQuotes(url: string, options: { connections: number; duration: number }) {
  return autocannon({
    url,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: BENCH_QUOTE,
    ...options,
  });
}

/** The floor measured once: a fresh server, the load, then stopped. */
export async function measureFloor(options: { connections: number; duration: number }) {
  const bare = await startFloorServer();
  try {
    return await measured(bare.pid, () => postQuotes(bare.url, options));
  } finally {
    await bare.stop();
  }
}
