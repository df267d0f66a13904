// Test payment confirmations over HTTP (docs/benchmarks.md#test-payment-confirmations): each request is one Pay Now of the
// test provider (POST /payment?ref=… with the card's test token), as the browser sends it. The
// exported benchPaymentConfirmations is what `npm run bench:bookings` combines with the booking
// race; run this file alone (`npx tsx scripts/bench/payment-confirmation.ts`, after
// `npm run build`) for the payment figures on a fresh SQLite database: it starts build/server.js,
// writes BENCH_BOOKINGS confirmed bookings into its database and pays each one once.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { insertBookedQuotes } from "../../tests/helpers/booked-quotes-sqlite";
import { startBenchServer } from "./bench-server";
import { cpuMs } from "./traffic";

export type ConfirmationFigures = {
  requests: number;
  /** Answered with the redirect to /payment-success */
  paid: number;
  failed: number;
  p50Ms: number;
  p99Ms: number;
  perSecond: number;
  wallMs: number;
};

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/**
 * Pays each booking reference once with the test card token, `concurrency` requests at a time,
 * and returns the latency percentiles and the throughput. The server must run with
 * PAYMENTS_MODE=test and RATE_LIMITS=off.
 */
export async function benchPaymentConfirmations(options: {
  baseUrl: string;
  references: string[];
  concurrency?: number;
  token?: string;
}): Promise<ConfirmationFigures> {
  const { baseUrl, references } = options;
  const concurrency = Math.max(1, options.concurrency ?? 10);
  const body = new URLSearchParams({ intent: "test-card", token: options.token ?? "tok_visa" });
  const latencies: number[] = [];
  let paid = 0;
  let next = 0;
  const started = performance.now();
  async function worker() {
    while (next < references.length) {
      const reference = references[next++]!;
      const begin = performance.now();
      try {
        const response = await fetch(`${baseUrl}/payment?ref=${encodeURIComponent(reference)}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl },
          body,
          redirect: "manual",
        });
        await response.arrayBuffer();
        const location = response.headers.get("location") ?? "";
        if (
          response.status >= 300 &&
          response.status < 400 &&
          location.includes("/payment-success")
        ) {
          paid += 1;
        }
      } finally {
        latencies.push(performance.now() - begin);
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const wallMs = performance.now() - started;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    paid,
    failed: latencies.length - paid,
    p50Ms: Math.round(percentile(latencies, 50) * 10) / 10,
    p99Ms: Math.round(percentile(latencies, 99) * 10) / 10,
    perSecond: Math.round((latencies.length / wallMs) * 1000),
    wallMs: Math.round(wallMs),
  };
}

async function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
  const serverEntry = path.join(root, "build", "server.js");
  if (!existsSync(serverEntry)) throw new Error("build/server.js is missing: run `npm run build`");
  const count = Number(process.env.BENCH_BOOKINGS ?? 2000);
  const concurrency = Number(process.env.BENCH_CONNECTIONS ?? 10);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "hg-bench-payments-data-"));
  const server = await startBenchServer(serverEntry, {
    cwd: root,
    name: "payments",
    env: {
      DATA_DIR: dataDir,
      PAYMENTS_MODE: "test",
      LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
      WEBHOOK_PRODUCTION_URL: "",
      WEBHOOK_TEST_URL: "",
      SMTP_URL: "",
    },
    pipeStdout: true,
  });
  try {
    const references = insertBookedQuotes(path.join(dataDir, "app.db"), count).map(
      (booked) => booked.reference,
    );
    const cpuBefore = cpuMs(server.pid);
    const figures = await benchPaymentConfirmations({
      baseUrl: server.baseUrl,
      references,
      concurrency,
    });
    const cpuAfter = cpuMs(server.pid);
    console.log(
      `Test payment confirmations on SQLite, ${concurrency} at a time, ${os.cpus().length} CPUs, Node ${process.version}`,
    );
    console.log(
      `${figures.requests} requests  ${figures.perSecond} /s  p50 ${figures.p50Ms} ms  p99 ${figures.p99Ms} ms  paid ${figures.paid}  failed ${figures.failed}`,
    );
    // The server is one Node thread (plus its checkpointer), so CPU ms per request bounds its
    // throughput on a free core whatever else the machine is doing.
    if (cpuBefore !== null && cpuAfter !== null) {
      const perRequest = (cpuAfter - cpuBefore) / figures.requests;
      console.log(
        `server CPU ${perRequest.toFixed(2)} ms a confirmation: about ${Math.round(1000 / perRequest)} /s on one free core (load average ${os.loadavg()[0]!.toFixed(1)})`,
      );
    }
    // Paying again pays nothing more: each answer is the redirect to the success page.
    const again = await benchPaymentConfirmations({
      baseUrl: server.baseUrl,
      references: references.slice(0, Math.min(200, references.length)),
      concurrency,
    });
    const db = new Database(path.join(dataDir, "app.db"), { readonly: true });
    const { n } = db
      .prepare(
        "select count(*) as n from transactions where type = 'payment' and reference_id like 'BK-%'",
      )
      .get() as { n: number };
    db.close();
    console.log(`replayed ${again.requests}: ledger rows ${n} for ${count} bookings`);
    if (figures.failed > 0 || n !== count) process.exitCode = 1;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await main();
}
