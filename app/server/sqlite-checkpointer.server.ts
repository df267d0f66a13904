import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

// better-sqlite3 runs on the main thread, so a WAL checkpoint (copying the log into the database
// file and syncing it) stalls every request while it runs: tens of milliseconds each time the
// log passes its threshold. The server checkpoints from a thread of its own instead. A PASSIVE
// checkpoint never blocks the main connection's readers or writers; the main connection keeps
// a high automatic threshold as a backstop in case this thread ever stops.

/** Pages the WAL may grow to before the main connection checkpoints itself (about 40 MB). */
export const BACKSTOP_AUTOCHECKPOINT_PAGES = 10_000;

// CommonJS, run with `eval`, so the production bundle needs no separate file for it.
const CHECKPOINTER = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driverPath);
const db = new Database(workerData.file);
db.pragma("synchronous = FULL");
const timer = setInterval(() => {
  try {
    db.pragma("wal_checkpoint(PASSIVE)");
  } catch {
    // Busy or briefly locked: the next tick tries again.
  }
}, workerData.intervalMs);
parentPort.on("message", () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export type Checkpointer = { stop: () => Promise<void> };

/** Starts checkpointing the SQLite database `file` every `intervalMs` from a worker thread. */
export function startSqliteCheckpointer(file: string, intervalMs = 1000): Checkpointer {
  const driverPath = createRequire(import.meta.url).resolve("better-sqlite3");
  const worker = new Worker(CHECKPOINTER, {
    eval: true,
    workerData: { file, driverPath, intervalMs },
  });
  // A checkpointer must never keep the process alive or take it down.
  worker.unref();
  worker.on("error", () => {});
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  return {
    stop: async () => {
      worker.postMessage("stop");
      await exited;
    },
  };
}
