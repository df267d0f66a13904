import type { Kysely } from "kysely";
import {
  afterThisAnswer,
  allowMagicLinkRequest,
  emailLimitKey,
  LINKS_PER_EMAIL_PER_HOUR,
  magicLinkState,
  signInWithLink,
  storeMagicLink,
  type LinkRequestResult,
} from "~/features/auth/magic-links.service.server";
import {
  CLEANER_SESSIONS,
  endSessionsOfUser,
  findLiveSession,
  type SessionDeps,
  type SessionRequest,
} from "~/features/auth/sessions.service.server";
import { renderEmail } from "~/features/outbox/email/render-email";
import { enqueueEmail } from "~/features/outbox/outbox.service.server";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { parseValues } from "~/lib/forms";
import { newId } from "~/lib/ids";
import { failure, type Result } from "~/lib/result";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { AppConfig } from "~/server/config.server";
import type { CleanerStatus, Database } from "~/server/database";
import { CLEANER_ADMIN_TEXT, CLEANER_LINK_EMAIL } from "./cleaner-app-copy";
import { CleanerSignInSchema } from "./cleaner-app.schema";
import { findCleanerByEmail, findCleanerById } from "./cleaner-app.repository.server";

// A hired cleaner signs in to their app with a link emailed to the address on their record
// (docs/decisions/0063-cleaner-app-sign-in.md), through the customers' link machinery: single
// use, 15 minutes, limited, the same answer for every email, used by a confirming press.

export type CleanerLinkDeps = {
  db: Kysely<Database>;
  config: Pick<AppConfig, "publicUrl" | "RATE_LIMITS">;
};

/** The statuses of a hired cleaner: applicants (pending_review) and suspended ones are not. */
const WORKING_STATUSES: readonly CleanerStatus[] = ["available", "busy", "offline"];

/** Whether a cleaner may use the app now: hired, not suspended, application not declined. */
export function mayUseApp(cleaner: { status: CleanerStatus; application_outcome: string | null }) {
  return WORKING_STATUSES.includes(cleaner.status) && cleaner.application_outcome === null;
}

export type CleanerLinkRequest = LinkRequestResult;

/**
 * Asks for a sign-in link. "sent" for every well-formed email; only a cleaner who may use the
 * app gets a link, made after this answer so that timing tells nothing either.
 */
export async function requestCleanerSignInLink(
  deps: CleanerLinkDeps,
  rawInput: unknown,
  request: { ip: string; now?: Date },
): Promise<CleanerLinkRequest> {
  const parsed = parseValues(rawInput, CleanerSignInSchema);
  if (!parsed.ok) return { status: "invalid", fieldErrors: parsed.fieldErrors };
  const now = request.now ?? new Date();
  const email = parsed.value.email.toLowerCase();
  const limits = [[emailLimitKey("cleaner", email), LINKS_PER_EMAIL_PER_HOUR]] as const;
  if (!(await allowMagicLinkRequest(deps, request.ip, limits, now))) return { status: "limited" };
  const cleaner = await findCleanerByEmail(deps.db, email);
  const delivery =
    cleaner && mayUseApp(cleaner)
      ? afterThisAnswer(async () => {
          await sendCleanerLink(deps, cleaner, { actor: "visitor", ip: request.ip, now });
        })
      : Promise.resolve();
  return { status: "sent", email: parsed.value.email, delivery };
}

/**
 * Stores a link for `cleaner`, emails it and audits it, in one transaction; returns the link.
 * The demo start-up prints one too (`actor: "system"`), under the same single-use rules.
 */
export async function sendCleanerLink(
  { db, config }: CleanerLinkDeps,
  cleaner: { id: string; email: string },
  how: { actor: "visitor" | "system"; ip: string | null; now: Date },
) {
  return db.transaction().execute(async (trx) => {
    const { token, id } = await storeMagicLink(trx, { kind: "cleaner", ...cleaner }, how.now);
    const url = new URL("/cleaner/sign-in/verify", config.publicUrl);
    url.searchParams.set("token", token);
    const profile = await getBusinessProfile(trx);
    const rendered = renderEmail(
      {
        heading: CLEANER_LINK_EMAIL.heading,
        paragraphs: [...CLEANER_LINK_EMAIL.paragraphs],
        action: { label: CLEANER_LINK_EMAIL.action, url: url.toString() },
      },
      profile,
    );
    await enqueueEmail(trx, {
      topic: "cleaner.magic_link",
      subjectType: "cleaner",
      subjectId: cleaner.id,
      to: cleaner.email,
      subject: CLEANER_LINK_EMAIL.subject(profile.name),
      html: rendered.html,
      text: rendered.text,
    });
    await insertAuditEntry(trx, {
      id: newId(),
      actor_type: how.actor,
      actor_id: null,
      action: "cleaner.magic_link_sent",
      subject_type: "cleaner",
      subject_id: cleaner.id,
      details: JSON.stringify({ link: id }),
      ip: how.ip || null,
      created_at: how.now.toISOString(),
    });
    return url.toString();
  });
}

/** Whether a cleaner's link can still be used, without using it (the confirm page's GET). */
export function cleanerLinkState(db: Kysely<Database>, token: string, now = new Date()) {
  return magicLinkState(db, "cleaner", token, now);
}

/**
 * Uses a link (the confirm page's POST) and starts a cleaner session, if the cleaner may still
 * use the app: a cleaner suspended since the link was sent spends it and gets nothing.
 */
export async function signInCleaner(deps: SessionDeps, token: string, request: SessionRequest) {
  return signInWithLink(
    deps,
    { ...CLEANER_SESSIONS, kind: "cleaner" },
    token,
    request,
    async (trx, id) => {
      const cleaner = await findCleanerById(trx, id);
      return Boolean(cleaner && mayUseApp(cleaner));
    },
  );
}

export type SignedInCleaner = { id: string; name: string; email: string };

/**
 * The cleaner whose live session `token` names, checked on every request: once the cleaner is
 * suspended, moved back to review or declined, their sessions are ended on sight.
 */
export async function findCleanerOfSession(
  db: Kysely<Database>,
  token: string | null,
  now = new Date(),
): Promise<SignedInCleaner | null> {
  const session = await findLiveSession(db, "cleaner", token, now);
  if (!session) return null;
  const cleaner = await findCleanerById(db, session.user_id);
  if (!cleaner || !mayUseApp(cleaner)) {
    await endSessionsOfUser(db, "cleaner", session.user_id);
    return null;
  }
  return { id: cleaner.id, name: cleaner.name, email: cleaner.email };
}

/** Staff's "Sign out everywhere" on a cleaner's profile: every app session ends, audited. */
export async function signCleanerOutEverywhere(
  db: Kysely<Database>,
  cleanerId: string,
  actor: { staffId: string; ip: string | null; now?: Date },
): Promise<Result<{ message: string }>> {
  const cleaner = await findCleanerById(db, cleanerId);
  if (!cleaner) return failure("not_found", "Cleaner not found");
  await db.transaction().execute(async (trx) => {
    await endSessionsOfUser(trx, "cleaner", cleanerId);
    await insertAuditEntry(trx, {
      id: newId(),
      actor_type: "staff",
      actor_id: actor.staffId,
      action: "cleaner.signed_out_everywhere",
      subject_type: "cleaner",
      subject_id: cleanerId,
      details: null,
      ip: actor.ip,
      created_at: (actor.now ?? new Date()).toISOString(),
    });
  });
  return { ok: true, message: CLEANER_ADMIN_TEXT.done };
}

/**
 * A sign-in link made by the system rather than asked for (the demo's start-up prints one), under
 * the same rules as any other: emailed too, single use, 15 minutes. Null when nobody who may use
 * the app has that email.
 */
export async function issueSignInLinkFor(deps: CleanerLinkDeps, email: string, now = new Date()) {
  const cleaner = await findCleanerByEmail(deps.db, email);
  if (!cleaner || !mayUseApp(cleaner)) return null;
  return sendCleanerLink(deps, cleaner, { actor: "system", ip: null, now });
}
