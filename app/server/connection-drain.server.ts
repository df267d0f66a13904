import type http from "node:http";
import net from "node:net";

/**
 * How long a connection accepted before shutdown, that has not sent its request yet, is given to
 * send it. A client that connected a moment before the signal has usually written its request
 * already; the server just had not read it yet. On a busy machine the gap between accepting and
 * reading passed a second (seen on a 2-core build box), so three: still well inside the ten
 * seconds or so a platform gives a process after SIGTERM, and a shutdown with no such connection
 * does not wait at all.
 */
export const FRESH_CONNECTION_GRACE_MS = 3_000;

/**
 * How long the listening socket stays open after the signal. A client's connection is complete
 * once it sits in the kernel's backlog, before Node has accepted it; closing the listener then
 * resets it. One turn of the event loop accepts the whole backlog, but a process starved of CPU
 * (a busy 2-core build box, a start-up's first jobs running) took more than 100 ms to get there
 * and reset connections it had been sent; half a second leaves room for that.
 */
export const LISTEN_LINGER_MS = 500;

type ConnectionState = { served: number; active: number };

/**
 * Graceful shutdown for an HTTP server: stop accepting, let every accepted connection finish its
 * request, close connections as soon as they are idle, then resolve.
 *
 * Why not plain server.close(): since Node 19 it also closes every "idle" connection at once, and
 * a connection that was accepted but whose request had not been parsed yet counts as idle. Such a
 * client saw its request reset (8 or 9 of 10 requests sent 5 ms before SIGTERM). Here only
 * connections that already served a request and wait for another (keep-alive) are closed at once;
 * fresh ones get FRESH_CONNECTION_GRACE_MS to send theirs, and every answer during shutdown
 * carries `Connection: close`.
 */
export function drainableServer(server: http.Server, graceMs = FRESH_CONNECTION_GRACE_MS) {
  const connections = new Map<net.Socket, ConnectionState>();
  let draining = false;

  let allClosed: (() => void) | undefined;
  server.on("connection", (socket: net.Socket) => {
    connections.set(socket, { served: 0, active: 0 });
    socket.once("close", () => {
      connections.delete(socket);
      if (connections.size === 0) allClosed?.();
    });
  });

  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    const state = connections.get(req.socket);
    if (!state) return;
    state.active += 1;
    if (draining) res.setHeader("connection", "close");
    res.once("close", () => {
      state.active -= 1;
      state.served += 1;
      // Answered while draining: nothing more will come on this connection.
      if (draining && state.active === 0) req.socket.end();
    });
  });

  /** Stops accepting and resolves once every connection has closed. */
  async function drain(): Promise<void> {
    draining = true;
    await new Promise((resolve) => setTimeout(resolve, LISTEN_LINGER_MS));
    // net.Server's close, not http.Server's, which would reset the fresh connections too. Its
    // callback is not waited for: on an HTTP server it can fire while connections remain open,
    // so the connections are counted here.
    const listening = new Promise<void>((resolve) => {
      net.Server.prototype.close.call(server, () => resolve());
    });
    const connectionsClosed = new Promise<void>((resolve) => {
      allClosed = resolve;
      if (connections.size === 0) resolve();
    });
    for (const [socket, state] of connections) {
      if (state.active > 0) continue; // closed once its answer is sent (above)
      if (state.served > 0) {
        socket.end(); // keep-alive, idle between requests
        continue;
      }
      const timer = setTimeout(() => {
        if (state.active === 0) socket.destroy();
      }, graceMs);
      socket.once("close", () => clearTimeout(timer));
    }
    await Promise.all([listening, connectionsClosed]);
  }

  return { drain };
}
