import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";

// What the load benchmarks share: the built server started on a free port with a data folder of
// its own, ready once it answers its health check; autocannon, typed as far as they read it; and
// the instant-quote request they post.

export type AutocannonOptions = {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  duration?: number;
};
export type AutocannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number; average: number };
  statusCodeStats: Record<string, { count: number }>;
  errors: number;
  timeouts: number;
  non2xx: number;
  "2xx": number;
};
export const autocannon = createRequire(import.meta.url)("autocannon") as (
  options: AutocannonOptions,
) => Promise<AutocannonResult>;

/** A residential deep-clean quote with photos waived, as the wizard posts it. */
export const BENCH_QUOTE = JSON.stringify({
  serviceType: "residential",
  spaceDetails: { type: "house", bedrooms: 3, bathrooms: 2, floors: 2, address: "Mosman NSW 2088" },
  cleaningLevel: "deep",
  preferences: { timePreference: "morning", ecoFriendly: true },
  conditions: { dirtLevel: "normal" },
  photosWaived: true,
  leadInfo: { name: "Bench Mark", email: "bench@example.com", phone: "0412 345 678" },
});

/** The number after `--name` on the command line (`--minutes 30`), or `fallback`. */
export function flag(name: string, fallback: number) {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function waitForHealth(baseUrl: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the server did not become healthy in time");
}

/**
 * Starts `serverEntry` as production runs it (APP_ENV=test, rate limits off, a fresh SQLite
 * database in a data folder of its own, the committed demo photos), waits for its health check, and hands
 * back its address, its data folder and a `stop` that ends it and removes the folder. `env` adds or overrides.
 */
export async function startBenchServer(
  serverEntry: string,
  options: { cwd: string; name: string; env?: Record<string, string>; pipeStdout?: boolean },
) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `hg-bench-${options.name}-`));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // BENCH_NODE_ARGS: flags for the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, serverEntry], {
    cwd: options.cwd,
    env: {
      ...process.env,
      NODE_ENV: "production",
      APP_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      RATE_LIMITS: "off",
      ...options.env,
    },
    stdio: ["ignore", options.pipeStdout ? "pipe" : "ignore", "inherit"],
  });
  // Log lines are read and dropped, so a full pipe never stalls the server.
  child.stdout?.resume();
  const stop = async () => {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("close", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // Two minutes: on a shared machine under load the demo seed alone can take most of one.
    await waitForHealth(baseUrl, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, pid: child.pid!, dataDir, stop };
}
