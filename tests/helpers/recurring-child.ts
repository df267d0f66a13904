// The sweep in a process of its own, as the worker of a server runs it (started by
// scripts/bench/recurring.ts and by the sweep's kill soak, bundled): opens the database named
// by its first argument, runs every step of the sweep once (recurring-sweep.ts) and prints each
// step's seconds and the process's peak RSS as JSON. The parent samples the RSS meanwhile and
// may SIGKILL it anywhere: the sweep must be safe to cut and run again.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "~/server/config.server";
import { createDatabase } from "~/server/db.server";
import { runSweep } from "./recurring-sweep";

// VmHWM, not process.resourceUsage().maxRSS, which Linux carries across fork and exec.
function peakRssMb() {
  const line = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync("/proc/self/status", "utf8"));
  return line ? Number(line[1]) / 1024 : process.resourceUsage().maxRSS / 1024;
}

const url = process.argv[2];
if (!url) throw new Error("usage: recurring-child.ts DATABASE_URL_OR_FILE");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "hg-sweep-"));
const config = loadConfig({ APP_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent" });
const database = createDatabase(url);
try {
  // The parent's cue that the sweep itself has begun: a kill from now on cuts it mid-work.
  console.log(JSON.stringify({ sweeping: true }));
  const steps = await runSweep(database.db, config);
  console.log(JSON.stringify({ steps, peakRssMb: peakRssMb() }));
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
