import type { EventEmitter } from "node:events";
import type { NextFunction, Request, Response } from "express";

// `compression` hands a response's "drain" listeners to its zlib stream (a write that returned
// false waits for the stream's drain, not the socket's), but only through `res.on`: `res.off` and
// `res.removeListener` still look on the response itself. React Router waits for drain with
// `once("drain")` and removes the listener after each wait, so on a long page every write that met
// backpressure left one listener on the zlib stream until the response ended, and past ten Node
// logged "MaxListenersExceededWarning ... drain listeners added to [BrotliCompress]". Mounted
// right after compression, this sends the removal where the listener went.

/** Makes `res.off("drain", …)` reach the compression stream that `res.on("drain", …)` reached. */
export function compressionDrainListeners(_req: Request, res: Response, next: NextFunction) {
  const addListener = res.on;
  const removeListener = res.removeListener;
  let drainSource: EventEmitter | undefined;

  res.on = function on(
    this: Response,
    event: string | symbol,
    listener: (...args: unknown[]) => void,
  ) {
    const target: unknown = addListener.call(this, event, listener);
    if (event === "drain" && target !== this) drainSource = target as EventEmitter;
    return this;
  } as Response["on"];
  res.removeListener = function off(
    this: Response,
    event: string | symbol,
    listener: (...args: unknown[]) => void,
  ) {
    if (event === "drain") drainSource?.removeListener(event, listener);
    return removeListener.call(this, event, listener);
  } as Response["removeListener"];
  res.off = res.removeListener;
  next();
}
