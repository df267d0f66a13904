import type { Kysely } from "kysely";
import { data } from "react-router";
import type { FormProblem } from "~/lib/forms";
import type { Logger } from "~/server/logger.server";
import { sha256 } from "~/lib/crypto.server";
import { newId, newToken } from "~/lib/ids";
import type { AppConfig } from "~/server/config.server";
import type { Database } from "~/server/database";
import { clientKey, hit } from "~/server/rate-limit.server";
import {
  claimMagicLink,
  deleteStaleMagicLinks,
  findMagicLinkByHash,
  insertMagicLink,
  type MagicLinkOwnerKind,
} from "./magic-links.repository.server";
import {
  startSession,
  type SessionAudience,
  type SessionDeps,
  type SessionRequest,
  type StartedSession,
} from "./sessions.service.server";

// Sign-in links, shared by customers (docs/decisions/0012-real-customer-data.md) and cleaners
// (docs/decisions/0063-cleaner-app-sign-in.md): single use, valid 15 minutes, only the token's
// SHA-256 stored, limited per address and per email (docs/decisions/0026-abuse-protection.md),
// and used only by a confirming press, because mail scanners open links. Who may ask for one,
// and what the email says, is each kind's own business.

export type { MagicLinkOwnerKind };

/** How long a link works; the emails and pages say it. */
export const MAGIC_LINK_LIFETIME_MINUTES = 15;
const HOUR = 60 * 60 * 1000;
/** docs/decisions/0026-abuse-protection.md: magic links 5 an hour per email. */
export const LINKS_PER_EMAIL_PER_HOUR = 5;
/** Per address, so one sender cannot spray links at many inboxes. */
export const LINKS_PER_IP_PER_HOUR = 20;

export type MagicLinkLimitDeps = {
  db: Kysely<Database>;
  config: Pick<AppConfig, "RATE_LIMITS">;
};

/** The per-email counter's key: the kinds count apart, and the key shows no address. */
export function emailLimitKey(kind: MagicLinkOwnerKind, email: string) {
  return `magic-link:email:${sha256(`${kind}:${email.toLowerCase()}`)}`;
}

/**
 * Counts one request against each of `keys` (with its limit) after the sender's address, in
 * order; false as soon as one is spent.
 */
export async function allowMagicLinkRequest(
  { db, config }: MagicLinkLimitDeps,
  ip: string,
  keys: readonly (readonly [key: string, limit: number])[],
  now: Date,
) {
  const all = [[`magic-link:ip:${clientKey(ip)}`, LINKS_PER_IP_PER_HOUR] as const, ...keys];
  for (const [key, limit] of all) {
    if (!(await hit(db, key, limit, HOUR, { now, config })).allowed) return false;
  }
  return true;
}

/**
 * Runs `work` once the current turn (the answer being written) has had its go: a known email
 * answered measurably slower than an unknown one, which told a stranger who has an account.
 */
export function afterThisAnswer(work: () => Promise<void>) {
  return new Promise<void>((resolve) => setImmediate(resolve)).then(work);
}

/** Stores a new link for its owner, in the caller's transaction; returns the token and the link's id. */
export async function storeMagicLink(
  trx: Kysely<Database>,
  owner: { kind: MagicLinkOwnerKind; id: string; email: string },
  now: Date,
) {
  const token = newToken();
  const id = newId();
  await deleteStaleMagicLinks(trx, new Date(now.getTime() - 24 * HOUR).toISOString());
  await insertMagicLink(trx, {
    id,
    token_hash: sha256(token),
    email: owner.email,
    customer_id: owner.kind === "customer" ? owner.id : null,
    cleaner_id: owner.kind === "cleaner" ? owner.id : null,
    expires_at: new Date(now.getTime() + MAGIC_LINK_LIFETIME_MINUTES * 60_000).toISOString(),
    created_at: now.toISOString(),
  });
  return { token, id };
}

function isTokenShaped(token: string) {
  return token.length > 0 && token.length <= 200;
}

/**
 * Whether a `kind` link can still be used, without using it (the confirm page's GET): open,
 * gone (used or expired: its page answers 410) or unknown (404, also for another kind's link).
 */
export async function magicLinkState(
  db: Kysely<Database>,
  kind: MagicLinkOwnerKind,
  token: string,
  now = new Date(),
): Promise<"open" | "gone" | "unknown"> {
  if (!isTokenShaped(token)) return "unknown";
  const row = await findMagicLinkByHash(db, sha256(token));
  const ownerId = kind === "customer" ? row?.customer_id : row?.cleaner_id;
  if (!row || !ownerId) return "unknown";
  return row.used_at === null && row.expires_at > now.toISOString() ? "open" : "gone";
}

/** The status the page a link opens answers with: 200 usable, 410 used or expired, 404 unknown. */
export const LINK_PAGE_STATUS = { open: 200, gone: 410, unknown: 404 } as const;

export type MagicLinkSession =
  | ({ status: "signed-in"; userId: string } & StartedSession)
  | {
      status: "invalid";
    };

/**
 * Uses a link (the confirm page's POST): claims it once, then, if `mayStart` still agrees for its
 * owner, starts a session of the audience's kind with a new token, in one transaction. A used,
 * expired, unknown or other kind's link starts nothing.
 */
export async function signInWithLink(
  { db, config }: SessionDeps,
  audience: SessionAudience & { kind: MagicLinkOwnerKind },
  token: string,
  request: SessionRequest,
  mayStart: (trx: Kysely<Database>, userId: string) => Promise<boolean> = async () => true,
): Promise<MagicLinkSession> {
  if (!isTokenShaped(token)) return { status: "invalid" };
  const now = request.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    const userId = await claimMagicLink(trx, audience.kind, sha256(token), now.toISOString());
    if (!userId || !(await mayStart(trx, userId))) return { status: "invalid" as const };
    const session = await startSession(
      { db: trx, config },
      audience,
      userId,
      { ...request, now },
      { method: "magic_link" },
    );
    return { status: "signed-in" as const, userId, ...session };
  });
}

/**
 * What asking for a sign-in link answers. `delivery` settles once the link is stored and its email
 * queued (at once for an unknown email): the caller answers without waiting for it, and logs it if
 * it fails.
 */
export type LinkRequestResult =
  | { status: "sent"; email: string; delivery: Promise<void> }
  | { status: "limited" }
  | { status: "invalid"; fieldErrors: Record<string, string> };

export type LinkRequestAnswer = { sent: string } | FormProblem<"email">;

/**
 * The answer to a sign-in link request, for customers and cleaners alike: every well-formed email
 * (and a bot that filled the hidden field) is told the link is on its way; a malformed email 400,
 * too many asks 429, a failure 503, each with the form's words.
 */
export async function answerLinkRequest(
  context: { logger: Logger },
  input: {
    email: string;
    bot: boolean;
    ask: () => Promise<LinkRequestResult>;
    text: { limited: string; failed: string };
    headers: HeadersInit;
  },
) {
  const { email, headers } = input;
  const answer = (body: LinkRequestAnswer, status = 200) => data(body, { status, headers });
  if (input.bot) return answer({ sent: email });
  try {
    const result = await input.ask();
    if (result.status === "invalid") {
      return answer({ fieldErrors: result.fieldErrors, values: { email } }, 400);
    }
    if (result.status === "limited") {
      return answer({ formError: input.text.limited, values: { email } }, 429);
    }
    result.delivery.catch((error: unknown) =>
      context.logger.error({ err: error }, "sign-in link not sent"),
    );
    return answer({ sent: result.email });
  } catch (error) {
    context.logger.error({ err: error }, "sign-in link not sent");
    return answer({ formError: input.text.failed, values: { email } }, 503);
  }
}
