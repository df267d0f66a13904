// npm run bench:soak: a long run of steady mixed traffic on the production build (docs/reliability.md#soak-memory-over-a-long-run).
// Starts build/server.js (run `npm run build` first) on a fresh SQLite database with rate limits
// ON and TRUST_PROXY=on (each request names an address of its own in X-Forwarded-For, so the
// limits are counted and stored as production does, without refusing the bench), webhooks going
// to a local fake automation host, then sends browsing 80%, quotes 15% and bookings 5% at
// `--rate` requests a second (default 30) for `--minutes` (default 10). Prints throughput,
// p50/p95/p99 by kind, errors, and the server's resident memory sampled every 10 s, so a leak
// shows as a climb from start to end.
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startAutomationHost } from "../../tests/fakes/automation-host";
import { repeatedWebhookIds } from "../../tests/helpers/scale-out-checks";
import { flag, startBenchServer } from "./bench-server";
import { cpuMs, formatFigures, rssMb, runTraffic } from "./traffic";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const serverEntry = path.join(root, "build", "server.js");

async function main() {
  if (!existsSync(serverEntry)) throw new Error("build/server.js is missing: run `npm run build`");
  const minutes = flag("minutes", 10);
  const rate = flag("rate", 30);
  const host = await startAutomationHost();
  const server = await startBenchServer(serverEntry, {
    cwd: root,
    name: "soak",
    env: {
      LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
      RATE_LIMITS: "on",
      TRUST_PROXY: "on",
      WEBHOOK_PRODUCTION_URL: host.url("/production"),
      WEBHOOK_PRIVATE_TARGETS: "on",
      WEBHOOK_TEST_URL: "",
      SMTP_URL: "",
    },
    pipeStdout: true,
  });
  const samples: Array<{ at: number; rss: number | null }> = [];
  const started = Date.now();
  const sample = () => samples.push({ at: Date.now() - started, rss: rssMb(server.pid) });
  try {
    console.log(
      `Soak: ${minutes} min at ${rate} req/s (browse 80%, quotes 15%, bookings 5%) on SQLite, ` +
        `${os.cpus().length} CPUs, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)}`,
    );
    sample();
    const cpuBefore = cpuMs(server.pid);
    const sampler = setInterval(sample, 10_000);
    const figures = await runTraffic({ baseUrl: server.baseUrl, rate, seconds: minutes * 60 });
    clearInterval(sampler);
    sample();
    const cpuAfter = cpuMs(server.pid);
    console.log(formatFigures("traffic", figures));
    const rss = samples.map((s) => s.rss ?? 0);
    const perMinute = samples
      .filter((s, i) => i === 0 || i === samples.length - 1 || s.at % 60_000 < 10_000)
      .map((s) => `${Math.round(s.at / 1000)}s ${s.rss} MB`);
    console.log(
      `server RSS: start ${rss[0]} MB, end ${rss.at(-1)} MB, min ${Math.min(...rss)} MB, ` +
        `max ${Math.max(...rss)} MB (${samples.length} samples)`,
    );
    console.log(`  over time: ${perMinute.join(", ")}`);
    // The second half against the first: a leak climbs, a warmed-up heap levels off.
    const half = Math.floor(rss.length / 2);
    const mean = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) / xs.length);
    console.log(
      `  mean RSS first half ${mean(rss.slice(1, half))} MB, second half ${mean(rss.slice(half))} MB`,
    );
    if (cpuBefore !== null && cpuAfter !== null) {
      console.log(
        `server CPU ${(((cpuAfter - cpuBefore) / 1000 / figures.seconds) * 100).toFixed(0)}% of a core, ` +
          `load average at end ${os.loadavg()[0]!.toFixed(1)}`,
      );
    }
    const repeats = repeatedWebhookIds(host.requests);
    console.log(`webhooks received ${host.requests.length}, repeated ids ${repeats.length}`);
    if (figures.errors > 0 || repeats.length > 0) process.exitCode = 1;
  } finally {
    await server.stop();
    await host.close();
  }
}

await main();
