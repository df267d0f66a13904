import type { Kysely } from "kysely";
import { enqueueEmail } from "~/features/outbox/outbox.service.server";
import { renderEmail } from "~/features/outbox/email/render-email";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { failure, type Result } from "~/lib/result";
import type { Database } from "~/server/database";
import { LEADS_TEXT } from "./leads";
import { auditLead, type LeadActor } from "./lead-status.server";
import { findLeadById } from "./leads.repository.server";

/** The audit action of a staff message; details {"subject"} (the body stays in the email). */
export const LEAD_MESSAGE_SENT = "lead.message_sent";

/**
 * Emails the client a message from staff through the outbox, with an audit entry so it shows on
 * the lead's timeline; not_found for a missing or deleted lead.
 */
export async function sendLeadMessage(
  db: Kysely<Database>,
  input: { quoteId: string; subject: string; body: string; actor: LeadActor; at?: Date },
): Promise<Result> {
  const at = (input.at ?? new Date()).toISOString();
  return db.transaction().execute(async (trx) => {
    const lead = await findLeadById(trx, input.quoteId);
    if (!lead) return failure("not_found", LEADS_TEXT.notFound);
    const profile = await getBusinessProfile(trx);
    const rendered = renderEmail(
      {
        heading: input.subject,
        paragraphs: input.body
          .split(/\n{2,}/)
          .map((paragraph) => paragraph.trim())
          .filter(Boolean),
        preheader: `A message from ${profile.name} about quote ${lead.reference}`,
      },
      profile,
    );
    await enqueueEmail(trx, {
      topic: LEAD_MESSAGE_SENT,
      subjectType: "quote",
      subjectId: lead.id,
      to: lead.client_email,
      replyTo: profile.email,
      subject: input.subject,
      html: rendered.html,
      text: rendered.text,
    });
    await auditLead(trx, lead.id, LEAD_MESSAGE_SENT, input.actor, at, { subject: input.subject });
    return { ok: true } as const;
  });
}
