import type { Kysely } from "kysely";
import { enqueueWebhook } from "~/features/outbox/outbox.service.server";
import { contactCreatedWebhook } from "~/features/outbox/webhook-bodies";
import { newId } from "~/lib/ids";
import type { Database } from "~/server/database";
import { insertContactMessage } from "./contact.repository.server";
import type { ContactMessageInput } from "./contact.schema";

/**
 * Stores a visitor's message and enqueues the contact webhook in one transaction (docs/decisions/0008-webhook-outbox.md): the
 * webhook exists if and only if the message does, and the outbox tries the test address, then
 * production (docs/product/public-site.md#calls-and-webhooks). Throws when nothing could be stored.
 */
export async function sendContactMessage(
  db: Kysely<Database>,
  input: ContactMessageInput,
  now = new Date(),
) {
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
  });
  return { id };
}
