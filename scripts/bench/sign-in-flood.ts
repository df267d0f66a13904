// npm run bench:signin: what a flood of wrong staff passwords does to everyone else.
// Starts build/server.js (run `npm run build` first; BENCH_ROOT=/other/checkout measures that
// checkout's build instead, for a before/after) with RATE_LIMITS=off, so every attempt is hashed,
// then for BENCH_DURATION seconds (default 15) sends wrong passwords from 8 connections while one
// connection each fetches a static asset and the home page. Prints p50/p99/max latency of each,
// the sign-in answers by status, and the server's peak memory (VmHWM).
// With `-- --owner`, the owner signs in during a distributed flood instead (sign-in-owner.ts).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { autocannon, startBenchServer, type AutocannonResult } from "./bench-server";
import { benchOwnerDuringFlood } from "./sign-in-owner";

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const root = path.resolve(process.env.BENCH_ROOT ?? here);
const serverEntry = path.join(root, "build", "server.js");
const DURATION_S = Number(process.env.BENCH_DURATION ?? 15);
const FLOOD_CONNECTIONS = 8;
const OWNER_MODE = process.argv.includes("--owner");

function peakMemoryMb(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

function line(name: string, result: AutocannonResult) {
  const statuses = Object.entries(result.statusCodeStats)
    .map(([code, { count }]) => `${code}×${count}`)
    .join(" ");
  return [
    name.padEnd(18),
    `p50 ${String(result.latency.p50).padStart(5)} ms`,
    `p99 ${String(result.latency.p99).padStart(5)} ms`,
    `max ${String(result.latency.max).padStart(5)} ms`,
    `${String(result.requests.total).padStart(6)} requests`,
    statuses,
  ].join("  ");
}

async function main() {
  if (!existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run npm run build`);
  const asset = readdirSync(path.join(root, "build", "client", "assets")).find((name) =>
    name.endsWith(".js"),
  );
  if (!asset) throw new Error("no built asset to fetch");
  const server = await startBenchServer(serverEntry, {
    cwd: root,
    name: "signin",
    env: OWNER_MODE
      ? { LOG_LEVEL: "warn", TRUST_PROXY: "on", RATE_LIMITS: "on" }
      : { LOG_LEVEL: "warn" },
  });
  const { baseUrl } = server;
  try {
    const quiet = await autocannon({
      url: `${baseUrl}/assets/${asset}`,
      connections: 1,
      duration: 5,
    });
    console.log(`${root}: ${os.cpus().length} CPUs, Node ${process.version}, ${DURATION_S} s`);
    console.log(line("asset, quiet", quiet));
    if (OWNER_MODE) {
      await benchOwnerDuringFlood({ ...server, asset, durationS: DURATION_S }, line);
      return;
    }
    const body = new URLSearchParams({
      intent: "password",
      email: "someone@example.com",
      password: "not-the-password-at-all",
    }).toString();
    const [flood, assetLoad, homeLoad] = await Promise.all([
      autocannon({
        url: `${baseUrl}/admin/login`,
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl },
        body,
        connections: FLOOD_CONNECTIONS,
        duration: DURATION_S,
      }),
      autocannon({ url: `${baseUrl}/assets/${asset}`, connections: 1, duration: DURATION_S }),
      autocannon({ url: `${baseUrl}/`, connections: 1, duration: DURATION_S }),
    ]);
    console.log(line("sign-in flood", flood));
    console.log(line("asset, flood", assetLoad));
    console.log(line("home, flood", homeLoad));
    console.log(`peak memory (VmHWM) ${peakMemoryMb(server.pid)} MB`);
  } finally {
    await server.stop();
  }
}

await main();
