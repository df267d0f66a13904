import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

/**
 * A stand-in for the automation host that receives our webhooks: a real HTTP server on
 * 127.0.0.1 that answers as told (a status, after an optional delay, or never) and records every
 * request it receives. `down()` closes it so connections are refused; `up()` reopens it on the
 * same port.
 */
export type Answer = { status: number; delayMs?: number } | "hang";

export type RecordedRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  receivedAt: number;
};

export type AutomationHost = {
  /** The URL of a path on this host, e.g. url("/test"), url("/production"). */
  url(path?: string): string;
  /** Every request received, in order of arrival. */
  requests: RecordedRequest[];
  /** Requests answered (a response was written), in order. */
  answered: RecordedRequest[];
  /**
   * How a path answers from now on: one answer for every request, or a script consumed one
   * request at a time whose last entry repeats. Without a path, the default for all paths.
   */
  answer(answers: Answer | Answer[], path?: string): void;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
};

export async function startAutomationHost(): Promise<AutomationHost> {
  const scripts = new Map<string, Answer[]>();
  let fallback: Answer[] = [{ status: 200 }];
  const requests: RecordedRequest[] = [];
  const answered: RecordedRequest[] = [];
  const sockets = new Set<Socket>();

  function nextAnswer(path: string): Answer {
    const script = scripts.get(path) ?? fallback;
    return (script.length > 1 ? script.shift() : script[0]) ?? { status: 200 };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const recorded: RecordedRequest = {
        method: req.method ?? "",
        path: req.url ?? "/",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        receivedAt: Date.now(),
      };
      requests.push(recorded);
      const reply = nextAnswer(recorded.path);
      if (reply === "hang") return;
      setTimeout(() => {
        if (res.destroyed) return;
        answered.push(recorded);
        res.writeHead(reply.status, { "content-type": "text/plain" }).end("ok");
      }, reply.delayMs ?? 0);
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  await listen(server, 0);
  const port = (server.address() as AddressInfo).port;

  async function down() {
    if (!server.listening) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  }

  return {
    url: (path = "/webhook") => `http://127.0.0.1:${port}${path}`,
    requests,
    answered,
    answer(answers, path) {
      const list = Array.isArray(answers) ? [...answers] : [answers];
      if (path) scripts.set(path, list);
      else fallback = list;
    },
    down,
    up: async () => {
      if (!server.listening) await listen(server, port);
    },
    close: down,
  };
}

function listen(server: http.Server, port: number) {
  return new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
}
