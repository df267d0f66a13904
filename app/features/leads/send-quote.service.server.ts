import type { Kysely } from "kysely";
import { renderEmail } from "~/features/outbox/email/render-email";
import { enqueueEmail } from "~/features/outbox/outbox.service.server";
import { quoteLinks } from "~/features/quote/quote.service.server";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import type { Database } from "~/server/database";
import { auditLead, LEAD_STATUS_CHANGED, type LeadActor } from "./lead-status.server";
import { findLeadById, priceStaffQuoteIf } from "./leads.repository.server";
import { formatMoney } from "~/lib/format";
import { failure, type Result } from "~/lib/result";
import { LEADS_TEXT } from "./leads";
import { SEND_QUOTE_TEXT } from "./send-quote";

/** The audit action of a priced staff quote; details {hours, totalCents}. */
export const LEAD_QUOTE_SENT = "lead.quote_sent";

/** Sent, or refused: no such lead (not found), or one no longer waiting for a quote (a conflict). */
export type SendQuoteOutcome = Result;

const notPending = () => failure("conflict", SEND_QUOTE_TEXT.notPending);

/**
 * Staff price a post-construction or subscription request (docs/decisions/0027-lead-lifecycle.md:
 * pending_quote/new becomes pending/contacted). The hours, the rate and the total are stored on
 * the quote (docs/decisions/0003-one-hourly-rate.md: the total as stored, staff's own when given,
 * else hours x the hourly rate), the message becomes the quote's explanation, and the client is
 * emailed a link to the quote result page to book, in one transaction with the audit entries. The move is a compare-and-set on
 * status pending_quote, so two staff sending at once price it once.
 */
export async function sendStaffQuote(
  db: Kysely<Database>,
  input: {
    quoteId: string;
    hours: number;
    totalCents: number | null;
    message: string;
    actor: LeadActor;
    publicUrl: string;
    now?: Date;
  },
): Promise<SendQuoteOutcome> {
  const at = (input.now ?? new Date()).toISOString();
  return db.transaction().execute(async (trx) => {
    const lead = await findLeadById(trx, input.quoteId);
    if (!lead) return failure("not_found", LEADS_TEXT.notFound);
    if (lead.status !== "pending_quote") return notPending();
    const profile = await getBusinessProfile(trx);
    const rate = profile.hourlyRateCents;
    const total = input.totalCents ?? Math.round(input.hours * rate);
    const priced = await priceStaffQuoteIf(trx, {
      quoteId: input.quoteId,
      hours: input.hours,
      hourlyRateCents: rate,
      totalCents: total,
      explanation: input.message,
      at,
    });
    if (!priced) return notPending();
    await auditLead(trx, input.quoteId, LEAD_QUOTE_SENT, input.actor, at, {
      hours: input.hours,
      totalCents: total,
    });
    if (lead.lead_status !== "contacted") {
      await auditLead(trx, input.quoteId, LEAD_STATUS_CHANGED, input.actor, at, {
        from: lead.lead_status,
        to: "contacted",
      });
    }

    const links = quoteLinks(input.publicUrl, lead.reference);
    const firstName = lead.client_name.split(/\s+/)[0] || lead.client_name;
    const hours = `${input.hours} ${input.hours === 1 ? "hour" : "hours"}`;
    const rendered = renderEmail(
      {
        heading: "Your cleaning quote",
        preheader: `${hours}, ${formatMoney(total)} (GST included). Reference ${lead.reference}.`,
        paragraphs: [
          `Hello ${firstName}, thank you for your request. Here is your quote, reference ${lead.reference}.`,
          input.message,
          `Estimated hours: ${hours}. Total: ${formatMoney(total)} (AUD, GST included).`,
          `See your quote and book a time: ${links.result}`,
        ],
        action: { label: "See your quote and book", url: links.result },
      },
      profile,
    );
    await enqueueEmail(trx, {
      topic: "quote.staff_quote",
      subjectType: "quote",
      subjectId: input.quoteId,
      to: lead.client_email,
      replyTo: profile.email,
      subject: `Your quote ${lead.reference}: ${formatMoney(total)}`,
      html: rendered.html,
      text: rendered.text,
    });
    return { ok: true as const };
  });
}
