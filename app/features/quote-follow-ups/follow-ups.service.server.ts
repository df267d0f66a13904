import type { Kysely } from "kysely";
import { enqueueEmail } from "~/features/outbox/outbox.service.server";
import { quoteLinks } from "~/features/quote/quote.service.server";
import { getQuoteFollowUpDays } from "~/features/settings/reminder-settings.service.server";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { newId } from "~/lib/ids";
import { failure, type Result } from "~/lib/result";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { AppConfig } from "~/server/config.server";
import type { Database } from "~/server/database";
import { FOLLOW_UP_TEXT, followUpEmail } from "./follow-up-message";
import {
  claimFollowUp,
  countFollowUpConversions,
  countFollowUpsByQuote,
  findFollowUpStop,
  findOpenQuote,
  findQuoteReference,
  findQuotesForFirstFollowUp,
  findQuotesForSecondFollowUp,
  insertFollowUpStop,
  type QuoteToFollowUp,
} from "./follow-ups.repository.server";
import { quoteIdOfStopToken, stopToken } from "./stop-link.server";

// docs/decisions/0077-quote-follow-ups.md: a priced quote not booked after N days (a setting, 2)
// gets a follow-up email; one still not booked N days after that gets a second, and none after.
// Never to a quote that was booked (by its link or by the same email later), cancelled, lost, or
// whose client stopped follow-ups. Each follow-up is claimed by a unique (quote, number) row in
// the transaction that enqueues its email, so two sweeps cannot both send it.

const DAY_MS = 24 * 60 * 60 * 1000;
/** A quote older than its wait plus this is not followed up (not the backlog of before). */
const LATE_DAYS = 7;
const PAGE = 100;

export type FollowUpContext = {
  config: Pick<AppConfig, "publicUrl" | "sessionSecret">;
  now?: Date;
};

/** Sends the follow-ups due now; answers how many went. */
export async function sendDueFollowUps(db: Kysely<Database>, ctx: FollowUpContext) {
  const now = ctx.now ?? new Date();
  const waitMs = (await getQuoteFollowUpDays(db)) * DAY_MS;
  const window = {
    from: new Date(now.getTime() - waitMs - LATE_DAYS * DAY_MS).toISOString(),
    to: new Date(now.getTime() - waitMs).toISOString(),
  };
  let sent = 0;
  for (const number of [2, 1] as const) {
    for (;;) {
      const find = number === 1 ? findQuotesForFirstFollowUp : findQuotesForSecondFollowUp;
      const page = await find(db, { ...window, limit: PAGE });
      let sentNow = 0;
      for (const quote of page) {
        if (await sendFollowUp(db, quote.id, number, ctx, now)) sentNow += 1;
      }
      sent += sentNow;
      // A page where nothing could be sent would come back the same: stop there.
      if (page.length < PAGE || sentNow === 0) break;
    }
  }
  return sent;
}

async function sendFollowUp(
  db: Kysely<Database>,
  quoteId: string,
  number: 1 | 2,
  ctx: FollowUpContext,
  now: Date,
) {
  const business = await getBusinessProfile(db);
  return db.transaction().execute(async (trx) => {
    // Read again: a booking or a stop since the page was read wins.
    const quote = await findOpenQuote(trx, quoteId);
    if (!quote) return false;
    if (!(await claimFollowUp(trx, quote.id, number, now.toISOString()))) return false;
    const message = followUpEmail(quote, linksFor(quote, ctx.config), business);
    await enqueueEmail(trx, {
      topic: "quote.follow_up",
      subjectType: "quote",
      subjectId: quote.id,
      to: quote.clientEmail,
      replyTo: business.email,
      subject: message.subject,
      html: message.email.html,
      text: message.email.text,
    });
    return true;
  });
}

function linksFor(quote: QuoteToFollowUp, config: FollowUpContext["config"]) {
  const links = quoteLinks(config.publicUrl, quote.reference);
  const stop = `${config.publicUrl}/quote-follow-ups/stop/${encodeURIComponent(stopToken(config.sessionSecret, quote.id))}`;
  return { ...links, stop };
}

/** The quote a stop link names, for its page: its reference and whether it is stopped already. */
export async function readStopLink(
  db: Kysely<Database>,
  token: string,
  config: Pick<AppConfig, "sessionSecret">,
): Promise<Result<{ reference: string; stopped: boolean }>> {
  const quoteId = quoteIdOfStopToken(config.sessionSecret, token);
  const reference = quoteId ? await findQuoteReference(db, quoteId) : null;
  if (!quoteId || !reference) return failure("not_found", FOLLOW_UP_TEXT.invalidLink);
  return { ok: true, reference, stopped: Boolean(await findFollowUpStop(db, quoteId)) };
}

/** The stop link's POST: no more follow-ups for that quote. Doing it twice is harmless. */
export async function stopFollowUps(
  db: Kysely<Database>,
  token: string,
  config: Pick<AppConfig, "sessionSecret">,
  now = new Date(),
): Promise<Result<{ reference: string }>> {
  const quoteId = quoteIdOfStopToken(config.sessionSecret, token);
  const reference = quoteId ? await findQuoteReference(db, quoteId) : null;
  if (!quoteId || !reference) return failure("not_found", FOLLOW_UP_TEXT.invalidLink);
  await db.transaction().execute(async (trx) => {
    if (await findFollowUpStop(trx, quoteId)) return;
    await insertFollowUpStop(trx, quoteId, now.toISOString());
    await insertAuditEntry(trx, {
      id: newId(),
      actor_type: "visitor",
      action: "quote.follow_ups_stopped",
      subject_type: "quote",
      subject_id: quoteId,
      details: null,
      created_at: now.toISOString(),
    });
  });
  return { ok: true, reference };
}

/** How many follow-ups each quote had (the leads board's marker). */
export async function followUpCounts(db: Kysely<Database>, quoteIds: string[]) {
  return countFollowUpsByQuote(db, quoteIds);
}

export type FollowUpFigures = { followedUp: number; booked: number; conversionRate: number | null };

/** Quotes first followed up in a period and how many were booked, for the dashboard. */
export async function followUpConversion(
  db: Kysely<Database>,
  period: { from: Date; to: Date },
): Promise<FollowUpFigures> {
  const counts = await countFollowUpConversions(db, {
    from: period.from.toISOString(),
    to: period.to.toISOString(),
  });
  return {
    ...counts,
    // A percentage with one decimal, as the dashboard's other conversion
    // (docs/decisions/0030-conversion-rate.md).
    conversionRate:
      counts.followedUp > 0 ? Math.round((counts.booked / counts.followedUp) * 1000) / 10 : null,
  };
}
