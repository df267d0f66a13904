import type { Kysely } from "kysely";
import { acknowledgeByEmail } from "~/features/notifications/acknowledgements.service.server";
import { backOfficeUrl, notifyStaffByEmail } from "~/features/notifications/staff-email.server";
import { enqueueWebhook } from "~/features/outbox/outbox.service.server";
import { contactCreatedWebhook } from "~/features/outbox/webhook-bodies";
import { newId } from "~/lib/ids";
import type { Database } from "~/server/database";
import { insertContactMessage } from "./contact.repository.server";
import type { ContactMessageInput } from "./contact.schema";
import { CONTACT_INBOX_PATH } from "./contact-inbox";

/**
 * Stores a visitor's message with everything that announces it, in one transaction
 * (docs/decisions/0008-webhook-outbox.md): the contact webhook, which the outbox tries at the
 * test address, then production (docs/product/public-site.md#calls-and-webhooks); the staff
 * email, unless staff turned those off (docs/decisions/0024-notification-toggles.md); and the
 * visitor's acknowledgement (docs/decisions/0046-contact-inbox.md). The
 * message also waits in the back office's inbox. Throws when nothing could be stored.
 */
export async function sendContactMessage(
  db: Kysely<Database>,
  input: ContactMessageInput,
  options: { now?: Date; publicUrl?: string } = {},
) {
  const now = options.now ?? new Date();
  const id = newId();
  await db.transaction().execute(async (trx) => {
    await insertContactMessage(trx, {
      id,
      first_name: input.firstName,
      last_name: input.lastName,
      email: input.email,
      phone: input.phone,
      message: input.message,
      created_at: now.toISOString(),
    });
    const webhook = contactCreatedWebhook(input);
    await enqueueWebhook(trx, {
      topic: webhook.topic,
      route: webhook.route,
      subjectType: "contact_message",
      subjectId: id,
      body: webhook.body,
    });
    await notifyStaffByEmail(trx, staffEmail(input, id, options.publicUrl));
    await acknowledgeByEmail(trx, {
      kind: "contact",
      subjectType: "contact_message",
      subjectId: id,
      to: input.email,
      name: input.firstName,
    });
  });
  return { id };
}

/** The team's email: who wrote, how to reach them and their words; replies go to the visitor. */
function staffEmail(input: ContactMessageInput, id: string, publicUrl: string | undefined) {
  const name = `${input.firstName} ${input.lastName}`;
  return {
    topic: "contact.received",
    subjectType: "contact_message",
    subjectId: id,
    replyTo: input.email,
    subject: `New contact message from ${name}`,
    heading: "New contact message",
    paragraphs: [
      `${name} wrote through the contact form on the website.`,
      `Email: ${input.email}. Phone: ${input.phone}.`,
      `Message: ${input.message}`,
      "The message waits in the back office under Messages until someone marks it handled.",
    ],
    link: publicUrl
      ? { label: "Open the messages", url: backOfficeUrl(publicUrl, CONTACT_INBOX_PATH) }
      : undefined,
  };
}
