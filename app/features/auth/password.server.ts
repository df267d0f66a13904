import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { failure, type Result } from "~/lib/result";
import { SIGN_IN_TEXT } from "./auth.schema";

type Params = { N: number; r: number; p: number };

// scrypt at one of OWASP's equivalent settings for password storage: N=2^15, r=8, p=3 costs
// about what N=2^17, r=8, p=1 does in CPU, with a quarter of the memory (128 * N * r = 32 MiB
// instead of 128 MiB), so a burst of sign-ins cannot take a gigabyte. Hashes keep their own
// parameters ("scrypt$N$r$p$salt$hash"): older ones still verify, and are re-hashed at the next
// sign-in (needsRehash).
export const OWASP_SCRYPT: Params = { N: 2 ** 15, r: 8, p: 3 };
// Room for the hashes made before (N=2^17, r=8: 128 MiB), above Node's 32 MiB default.
const MAX_MEMORY = 256 * 1024 * 1024;
const KEY_LENGTH = 32;

let inForce = OWASP_SCRYPT;

/**
 * The cost new hashes are made at: OWASP's, unless `log2N` lowers scrypt's N to 2^log2N, which
 * the configuration accepts only when APP_ENV=test (SCRYPT_LOG2_N), so suites do not spend most
 * of their time hashing. Every hash records its parameters, so hashes made at any cost verify.
 */
export function setPasswordHashCost(log2N: number | undefined) {
  inForce = log2N === undefined ? OWASP_SCRYPT : { N: 2 ** log2N, r: 8, p: 1 };
}

/**
 * Hashing runs on libuv's four threads, which static files and other I/O share: every hash waits
 * its turn here, at most HASHING_AT_ONCE at a time, so a flood of sign-ins cannot starve the rest
 * of the site. When HASHING_QUEUE are already waiting, a new one is refused at once.
 *
 * A priority lane (docs/decisions/0049-sign-in-under-a-flood.md): a sign-in from a device the
 * account signed in on before may use one slot more than HASHING_AT_ONCE, and when even that is
 * taken waits apart (up to PRIORITY_QUEUE) and is served before anyone in the normal lane, so
 * strangers filling the normal lane cannot keep the owner out.
 */
export const HASHING_AT_ONCE = 2;
export const HASHING_QUEUE = 16;
export const PRIORITY_QUEUE = 4;

/**
 * Thrown when the hashing queue is full. A throw is right here: the queue runs any task and
 * refuses one before it starts, from under hashPassword and verifyPassword, whose callers (the
 * demo seed, admin:create) have no answer to give but to stop. Services never see it:
 * `inHashingTurn` turns it into an "unavailable" failure (503), so nobody waits longer.
 */
export class PasswordHashingBusyError extends Error {
  override name = "PasswordHashingBusyError";
}

/**
 * Runs hashing work (`hashPassword`, `verifyPassword`, or both) and answers the queue's refusal
 * as the shared failure, with the sign-in screen's "busy" message; any other error still throws.
 */
export async function inHashingTurn<T>(work: () => Promise<T>): Promise<Result<{ value: T }>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (error instanceof PasswordHashingBusyError) return failure("unavailable", SIGN_IN_TEXT.busy);
    throw error;
  }
}

type Slot = () => void;
export type HashingLane = "normal" | "priority";

export function createHashingQueue(
  atOnce = HASHING_AT_ONCE,
  queue = HASHING_QUEUE,
  priorityQueue = PRIORITY_QUEUE,
) {
  let running = 0;
  const waiting: Record<HashingLane, Slot[]> = { normal: [], priority: [] };
  const bound: Record<HashingLane, number> = { normal: queue, priority: priorityQueue };
  // The priority lane may use one slot more, so it never waits for a stranger's hash to end.
  const capacity = (lane: HashingLane) => atOnce + (lane === "priority" ? 1 : 0);
  const startNext = () => {
    const lane = (["priority", "normal"] as const).find(
      (candidate) => waiting[candidate].length > 0 && running < capacity(candidate),
    );
    if (!lane) return;
    running += 1;
    waiting[lane].shift()!();
  };
  return async function run<T>(task: () => Promise<T>, lane: HashingLane = "normal"): Promise<T> {
    if (running < capacity(lane)) {
      running += 1;
    } else {
      if (waiting[lane].length >= bound[lane]) {
        throw new PasswordHashingBusyError("password hashing is busy");
      }
      await new Promise<void>((resolve) => waiting[lane].push(resolve));
    }
    try {
      return await task();
    } finally {
      running -= 1;
      startNext();
    }
  };
}

const inTurn = createHashingQueue();

function derive(password: string, salt: Buffer, params: Params, lane: HashingLane = "normal") {
  return inTurn(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(
          password.normalize("NFKC"),
          salt,
          KEY_LENGTH,
          { ...params, maxmem: MAX_MEMORY },
          (error, key) => (error ? reject(error) : resolve(key)),
        );
      }),
    lane,
  );
}

/** "scrypt$N$r$p$salt$hash", so parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string) {
  const salt = randomBytes(16);
  const params = inForce;
  const key = await derive(password, salt, params);
  return [
    "scrypt",
    params.N,
    params.r,
    params.p,
    salt.toString("base64"),
    key.toString("base64"),
  ].join("$");
}

function parseHash(stored: string) {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return null;
  return { params: { N: Number(n), r: Number(r), p: Number(p) }, salt, hash };
}

/** `lane` "priority" is for a sign-in from a device the account has signed in on before. */
export async function verifyPassword(
  password: string,
  stored: string,
  lane: HashingLane = "normal",
) {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const expected = Buffer.from(parsed.hash, "base64");
  const salt = Buffer.from(parsed.salt, "base64");
  const actual = await derive(password, salt, parsed.params, lane);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Whether a stored hash was made with other parameters than today's (re-hash it at sign-in). */
export function needsRehash(stored: string) {
  const parsed = parseHash(stored);
  if (!parsed) return true;
  const { N, r, p } = parsed.params;
  return N !== inForce.N || r !== inForce.r || p !== inForce.p;
}
