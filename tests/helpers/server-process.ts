import { spawn, type ChildProcessByStdio } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { assertServerBuilt, builtServerPath, projectRoot, testServerEnv } from "./built-server";
import { greaterSydneySuburbsCsv, standInDemoPhotosDir } from "./committed-assets";

export type ServerProcess = {
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** The server's own data folder (its SQLite file, uploads and media), removed by cleanUp. */
  dataDir: string;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Resolves once a line of output matches; rejects if the process exits first. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** Sends SIGKILL if it is still running and removes its data folder. */
  cleanUp(): Promise<void>;
};

export type StartAsDocumented = {
  /** Node's own flags before build/server.js, such as `--env-file=…`. */
  nodeArgs?: string[];
  /**
   * Start with nothing but PATH, the data folder and `env`: no NODE_ENV and none of the test
   * settings, as a deployer typing the documented command would.
   */
  asDocumented?: boolean;
  /** The data folder to start in (made by the caller, removed by cleanUp); a new empty one if not given. */
  dataDir?: string;
};

/**
 * Starts `node build/server.js` as production runs it (NODE_ENV=production), with APP_ENV=test,
 * an ephemeral port, a data folder of its own, Greater Sydney's suburbs and the demo data (its
 * photos tiny stand-ins), unless `env` says otherwise.
 */
export function spawnBuiltServer(
  env: Record<string, string> = {},
  options: StartAsDocumented = {},
): ServerProcess {
  assertServerBuilt();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), "hg-server-"));
  const environment = options.asDocumented
    ? { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, ...env }
    : {
        ...process.env,
        // With tiny stand-ins for the demo photos the demo seed takes a second instead of seven,
        // and Greater Sydney's suburbs load in a fifth of the whole list's time.
        ...testServerEnv({
          PORT: "0",
          DATA_DIR: dataDir,
          DEMO_PHOTOS_DIR: standInDemoPhotosDir(),
          SUBURBS_CSV: greaterSydneySuburbsCsv(),
          ...env,
        }),
      };
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), builtServerPath], {
    cwd: projectRoot,
    env: environment,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const listeners = new Set<() => void>();
  // Lines are matched only once complete, each stream on its own, so a match is never half a line.
  for (const stream of [child.stdout, child.stderr]) {
    let partial = "";
    stream.on("data", (chunk: Buffer) => {
      const parts = (partial + chunk.toString()).split("\n");
      partial = parts.pop()!;
      lines.push(...parts);
      for (const listener of listeners) listener();
    });
    stream.on("end", () => {
      if (partial) lines.push(partial);
      partial = "";
      for (const listener of listeners) listener();
    });
  }
  const output = () => lines.join("\n");
  let closed = false;
  const exited = new Promise<number | string>((resolve) => {
    child.on("close", (code, signal) => {
      closed = true;
      resolve(code ?? signal ?? "unknown");
      for (const listener of listeners) listener();
    });
  });

  function waitForOutput(pattern: RegExp, timeoutMs = 15_000) {
    return new Promise<string>((resolve, reject) => {
      const check = () => {
        const line = lines.find((candidate) => pattern.test(candidate));
        if (line !== undefined) return done(() => resolve(line));
        if (closed) {
          done(() => reject(new Error(`server exited before printing ${pattern}:\n${output()}`)));
        }
      };
      const timer = setTimeout(
        () => done(() => reject(new Error(`no ${pattern} within ${timeoutMs} ms:\n${output()}`))),
        timeoutMs,
      );
      const done = (settle: () => void) => {
        clearTimeout(timer);
        listeners.delete(check);
        settle();
      };
      listeners.add(check);
      check();
    });
  }

  return {
    child,
    dataDir,
    output,
    waitForOutput,
    exited,
    cleanUp: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGKILL");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits for the "listening" log line and returns the server's base URL. A fresh data folder is
 * migrated and seeded with the demo business first (photos included): a few seconds on a quiet
 * machine, several times that on a busy 2-core one, so the wait is generous. It only bounds a
 * server that never starts; nothing is measured by it.
 */
export async function waitUntilListening(server: ServerProcess, timeoutMs = 60_000) {
  const line = await server.waitForOutput(/"msg":"listening on /, timeoutMs);
  const { port } = JSON.parse(line) as { port: number };
  return `http://127.0.0.1:${port}`;
}

export type TcpProxy = {
  port: number;
  /** Stops accepting and cuts every open connection, as a database host going away would. */
  cut(): Promise<void>;
  /** Accepts connections again on the same port. */
  restore(): Promise<void>;
};

/** A TCP proxy to `target`, so a test can take a database away from a running server. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    track(client);
    track(upstream);
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    cut: async () => {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: async () => {
      server.listen(port, "127.0.0.1");
      await once(server, "listening");
    },
  };
}
