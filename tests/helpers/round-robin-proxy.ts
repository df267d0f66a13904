import http from "node:http";
import type { AddressInfo } from "node:net";

// A load balancer in miniature for the scale-out checks: each request goes to the next
// app process in turn, headers and body passed through unchanged, so what one process stored the
// next request may read through another. `use` changes the processes between runs.

export type RoundRobinProxy = {
  url: string;
  /** Which process answered each request so far, by its index in the current targets. */
  served: number[];
  use(targets: string[]): void;
  close(): Promise<void>;
};

export async function startRoundRobinProxy(targets: string[]): Promise<RoundRobinProxy> {
  let upstreams = targets.map((target) => new URL(target));
  let next = 0;
  const served: number[] = [];
  // A connection per request: reusing one the app is closing at its keep-alive timeout would
  // turn a request into a 502 here, which a real balancer retries and this one need not.
  const agent = new http.Agent({ keepAlive: false });
  const server = http.createServer((request, response) => {
    const index = next++ % upstreams.length;
    const upstream = upstreams[index]!;
    served.push(index);
    const forward = http.request(
      {
        agent,
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forward.on("error", () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    use(next) {
      upstreams = next.map((target) => new URL(target));
    },
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
