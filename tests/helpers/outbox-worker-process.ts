// A stand-in app process for the crash test: opens the SQLite file named by OUTBOX_TEST_DB and runs
// the outbox worker until SIGTERM (graceful) or SIGKILL (a crash). Run with `node --import tsx`.
import { loadConfig } from "~/server/config.server";
import { createDatabase } from "~/server/db.server";
import { createLogger } from "~/server/logger.server";
import { startWorker } from "~/features/outbox/worker.server";

const file = process.env.OUTBOX_TEST_DB;
if (!file) throw new Error("OUTBOX_TEST_DB is not set");

const config = loadConfig({ ...process.env, APP_ENV: "test" });
const database = createDatabase(file);
const worker = startWorker({
  db: database.db,
  dialect: database.dialect,
  config,
  logger: createLogger(config.LOG_LEVEL),
  pollIntervalMs: 100,
  leaseMs: Number(process.env.OUTBOX_TEST_LEASE_MS ?? 60_000),
  concurrency: Number(process.env.OUTBOX_TEST_CONCURRENCY ?? 8),
});
process.stdout.write("ready\n");

process.on("SIGTERM", () => {
  void worker
    .stop()
    .then(() => database.close())
    .then(() => process.exit(0));
});
