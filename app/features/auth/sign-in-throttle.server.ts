import type { Kysely } from "kysely";
import type { AppConfig } from "~/server/config.server";
import type { Database } from "~/server/database";
import { block, blockedUntil, clientKey, forgive, hit, reset } from "~/server/rate-limit.server";
import { accountHash } from "./auth-audit.server";

// docs/decisions/0002-staff-accounts-and-sessions.md, docs/decisions/0026-abuse-protection.md: sign-in is throttled, never locked, so a stranger cannot lock the owner out: only
// the address that keeps failing waits. 5 failures for one account from one address within a
// 15-minute window make that address wait 15 minutes for that account; 20 failures from one
// address, whatever the accounts, make it wait 15 minutes for all of them. Wrong second-factor
// codes and wrong passwords in the settings screen count the same way.
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const SIGN_IN_BLOCK_MS = 15 * 60 * 1000;
export const ACCOUNT_FAILURE_LIMIT = 5;
export const ADDRESS_FAILURE_LIMIT = 20;

/** `flood` counts the account's hashes for strangers' devices, from any address (see below). */
export type ThrottleKeys = { account: string; address: string; flood: string };

type Options = { config?: Pick<AppConfig, "RATE_LIMITS">; now?: Date };

/** The counters one attempt touches. Emails appear only hashed; IPv6 counts by its /64. */
export function signInThrottleKeys(email: string, ip: string): ThrottleKeys {
  const address = clientKey(ip);
  return {
    account: `signin:account:${accountHash(email)}:${address}`,
    address: `signin:address:${address}`,
    flood: `signin:flood:${accountHash(email)}`,
  };
}

/** When this address may try this account again, or null when it may try now. */
export async function signInBlockedUntil(
  db: Kysely<Database>,
  keys: ThrottleKeys,
  options: Options = {},
) {
  const [account, address] = await Promise.all([
    blockedUntil(db, keys.account, options),
    blockedUntil(db, keys.address, options),
  ]);
  if (!account) return address;
  if (!address) return account;
  return account > address ? account : address;
}

/** An attempt counted before its password was hashed: the counts it was given. */
export type SignInAttempt =
  { status: "go"; account: number; address: number } | { status: "throttled"; until: Date };

/**
 * Counts an attempt BEFORE any hashing, one atomic increment per counter, and refuses it when an
 * earlier block holds or the count is already over a limit. Checking first and counting after
 * the hash let ten wrong passwords sent at once all be hashed against a limit of five: each had
 * checked before any had failed. A correct one gives its counts back (forgiveSignInAttempt), so
 * only failures are left counted, as before.
 */
export async function claimSignInAttempt(
  db: Kysely<Database>,
  keys: ThrottleKeys,
  options: Options = {},
): Promise<SignInAttempt> {
  const blocked = await signInBlockedUntil(db, keys, options);
  if (blocked) return { status: "throttled", until: blocked };
  const account = await hit(db, keys.account, ACCOUNT_FAILURE_LIMIT, SIGN_IN_WINDOW_MS, options);
  const address = await hit(db, keys.address, ADDRESS_FAILURE_LIMIT, SIGN_IN_WINDOW_MS, options);
  const over = [
    account.count > ACCOUNT_FAILURE_LIMIT && keys.account,
    address.count > ADDRESS_FAILURE_LIMIT && keys.address,
  ].filter((key): key is string => Boolean(key));
  if (over.length === 0) return { status: "go", account: account.count, address: address.count };
  for (const key of over) await block(db, key, SIGN_IN_BLOCK_MS, options);
  const now = options.now ?? new Date();
  return { status: "throttled", until: new Date(now.getTime() + SIGN_IN_BLOCK_MS) };
}

/**
 * After a claimed attempt failed: once its count reached a limit, the wait starts, so the next
 * attempt is refused without counting. Returns true when it started a wait.
 */
export async function recordSignInFailure(
  db: Kysely<Database>,
  keys: ThrottleKeys,
  attempt: { account: number; address: number },
  options: Options = {},
) {
  let started = false;
  if (attempt.account >= ACCOUNT_FAILURE_LIMIT) {
    await block(db, keys.account, SIGN_IN_BLOCK_MS, options);
    started = true;
  }
  if (attempt.address >= ADDRESS_FAILURE_LIMIT) {
    await block(db, keys.address, SIGN_IN_BLOCK_MS, options);
    started = true;
  }
  return started;
}

/** A claimed attempt that proved right is taken back from both counts: only failures stay. */
export async function forgiveSignInAttempt(
  db: Kysely<Database>,
  keys: ThrottleKeys,
  options: Options = {},
) {
  await forgive(db, keys.account, SIGN_IN_WINDOW_MS, options);
  await forgive(db, keys.address, SIGN_IN_WINDOW_MS, options);
}

/**
 * After a correct sign-in the account's own count starts again (an owner's typos do not pile
 * up); the address's count stays, so signing in to one account never wipes a spray at others.
 */
export async function clearAccountFailures(
  db: Kysely<Database>,
  keys: ThrottleKeys,
  options: Options = {},
) {
  await reset(db, keys.account, SIGN_IN_WINDOW_MS, options);
}

// docs/decisions/0049-sign-in-under-a-flood.md: the limits above count per address, so wrong
// passwords spread over thousands of addresses (or one IPv6 /48) pass them all. Each account also
// has a budget of FLOOD_BUDGET hashed attempts per 20 seconds (18 a minute) from devices it has
// not signed in on; past it, such attempts are refused like a throttle without hashing, and its
// known devices (known-device.server.ts) are not counted or refused. The budget is above one
// address's limit, so one person's typos meet their own throttle first; the short window keeps
// the burst at a flood's start small (ten hashes at once made the owner's first try take 5 s).
export const FLOOD_BUDGET = 6;
export const FLOOD_WINDOW_MS = 20 * 1000;

/**
 * Takes one hash from the account's budget for strangers: null when it may be hashed, or when
 * to try again. A refused attempt is given back at once, so the count is of hashes spent.
 */
export async function claimFloodBudget(
  db: Kysely<Database>,
  keys: ThrottleKeys,
  options: Options = {},
): Promise<Date | null> {
  const counted = await hit(db, keys.flood, FLOOD_BUDGET, FLOOD_WINDOW_MS, options);
  if (counted.allowed) return null;
  await forgive(db, keys.flood, FLOOD_WINDOW_MS, options);
  return counted.retryAt;
}

/**
 * The right password from a device the account has not signed in on starts its budget again, as
 * it does the account's count, so one person's typos never add up to a refusal. Known devices
 * leave it alone: their sign-ins during a flood must not hand the flood more hashes.
 */
export async function resetFloodBudget(
  db: Kysely<Database>,
  keys: ThrottleKeys,
  options: Options = {},
) {
  await reset(db, keys.flood, FLOOD_WINDOW_MS, options);
}

/** An attempt that was not hashed after all ("busy") gives its hash back to the budget. */
export async function forgiveFloodBudget(
  db: Kysely<Database>,
  keys: ThrottleKeys,
  options: Options = {},
) {
  await forgive(db, keys.flood, FLOOD_WINDOW_MS, options);
}
