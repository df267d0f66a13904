// Starting the sweep's process (recurring-child.ts), sampling its memory from /proc, and killing
// it with SIGKILL at random points: shared by `npm run bench:recurring` and the sweep's kill soak.
import { spawn } from "node:child_process";
import readline from "node:readline";
import { bundledScript, rssMbOf } from "./bundled-child";
import type { StepTiming } from "./recurring-sweep";

const SAMPLE_MS = 250;

export type SweepRun = {
  /** Null when the process was killed before it finished */
  result: { steps: StepTiming[]; peakRssMb: number } | null;
  seconds: number;
  /** The process's resident memory every 250 ms, in MB */
  rssMb: number[];
};

/**
 * Runs the sweep once in its own process against `url`. With `killAfterMs`, SIGKILLs it that
 * long after the sweep has begun (if it is still running).
 */
export async function runSweepProcess(url: string, killAfterMs?: number): Promise<SweepRun> {
  const child = spawn(
    process.execPath,
    [await bundledScript("tests/helpers/recurring-child.ts"), url],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const started = performance.now();
  const rssMb: number[] = [];
  const sampler = setInterval(() => {
    const rss = rssMbOf(child.pid!);
    if (rss !== null) rssMb.push(rss);
  }, SAMPLE_MS);
  let result: SweepRun["result"] = null;
  let killer: NodeJS.Timeout | undefined;
  readline.createInterface({ input: child.stdout! }).on("line", (line) => {
    const message = JSON.parse(line) as { sweeping?: true } & NonNullable<SweepRun["result"]>;
    if (message.sweeping && killAfterMs !== undefined) {
      killer = setTimeout(() => child.kill("SIGKILL"), killAfterMs);
    } else if (message.steps) {
      result = message;
    }
  });
  return new Promise<SweepRun>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code, signal) => {
      clearInterval(sampler);
      clearTimeout(killer);
      if (code !== 0 && signal !== "SIGKILL") {
        reject(new Error(`the sweep's process ended with ${code ?? signal}`));
        return;
      }
      resolve({ result, seconds: (performance.now() - started) / 1000, rssMb });
    });
  });
}

/**
 * `rounds` runs of the sweep, each SIGKILLed at a random point within `withinMs` of its start,
 * then one run left to finish. Answers how many runs a kill cut (the others finished first).
 */
export async function killRounds(url: string, rounds: number, withinMs: number) {
  let cut = 0;
  for (let round = 0; round < rounds; round++) {
    const run = await runSweepProcess(url, Math.floor(Math.random() * withinMs));
    if (run.result === null) cut += 1;
  }
  const last = await runSweepProcess(url);
  return { cut, finished: rounds - cut, last };
}
