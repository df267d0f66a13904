// Benchmark scripts run as child processes (to be SIGKILLed, or to measure their own memory):
// bundled once with esbuild, and their resident memory read from /proc.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { build } from "esbuild";

const ROOT = path.resolve(import.meta.dirname, "../..");

const bundles = new Map<string, Promise<string>>();

/**
 * A script (its path from the project root) as one JavaScript file, made once per process: started through tsx,
 * each start translated the app's modules again. It sits under build/ so its packages resolve
 * from the project's node_modules.
 */
export function bundledScript(name: string) {
  const made = bundles.get(name) ?? bundle(name);
  bundles.set(name, made);
  return made;
}

async function bundle(name: string) {
  mkdirSync(path.join(ROOT, "build"), { recursive: true });
  const dir = mkdtempSync(path.join(ROOT, "build", "bench-child-"));
  process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  const outfile = path.join(dir, "child.mjs");
  await build({
    entryPoints: [path.join(ROOT, name)],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    tsconfig: path.join(ROOT, "tsconfig.json"),
    logLevel: "error",
  });
  return outfile;
}

/** The process's resident memory now, in MB; null once it is gone. */
export function rssMbOf(pid: number) {
  try {
    const line = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return line ? Number(line[1]) / 1024 : null;
  } catch {
    return null; // gone already
  }
}

export type ChildRun = { messages: Record<string, unknown>[]; killed: boolean };

/**
 * Starts bundled script `name` with `args`, reads the JSON lines it prints, hands each to
 * `onMessage` (which may write to the child's stdin or kill it), and answers them all once it
 * has ended; killed says a SIGKILL ended it. Any other failure is an error.
 */
export async function runChild(
  name: string,
  args: string[],
  onMessage: (message: Record<string, unknown>, child: ChildProcess) => void = () => {},
): Promise<ChildRun> {
  const child = spawn(process.execPath, [await bundledScript(name), ...args], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const messages: Record<string, unknown>[] = [];
  readline.createInterface({ input: child.stdout! }).on("line", (line) => {
    const message = JSON.parse(line) as Record<string, unknown>;
    messages.push(message);
    onMessage(message, child);
  });
  const [code, signal] = (await once(child, "close")) as [number | null, string | null];
  if (code !== 0 && signal !== "SIGKILL") throw new Error(`${name} ended with ${code ?? signal}`);
  return { messages, killed: signal === "SIGKILL" };
}
