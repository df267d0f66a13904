import type { Kysely } from "kysely";
import { acknowledgeByEmail } from "~/features/notifications/acknowledgements.service.server";
import { leadDetailsUrl, notifyStaffByEmail } from "~/features/notifications/staff-email.server";
import { insertWebsiteLead } from "~/features/quote/quote.service.server";
import { newId, newReference } from "~/lib/ids";
import type { Database } from "~/server/database";
import { PLAN_NAMES, type SubscriptionRequestInput } from "./subscription.schema";

/**
 * Records a subscription request as a lead (docs/decisions/0027-lead-lifecycle.md: pending_quote, new, website;
 * the plan in space_details; level, hours and price empty until staff send a priced quote) and,
 * in the same transaction, an email telling the team (unless staff turned those off, docs/decisions/0024-notification-toggles.md)
 * and one acknowledging the customer (docs/decisions/0046-contact-inbox.md). Throws when nothing could be stored.
 */
export async function requestSubscription(
  db: Kysely<Database>,
  input: SubscriptionRequestInput,
  now = new Date(),
  publicUrl?: string,
) {
  const id = newId();
  const reference = newReference();
  const createdAt = now.toISOString();
  const plan = PLAN_NAMES[input.plan];
  await db.transaction().execute(async (trx) => {
    await insertWebsiteLead(trx, {
      id,
      reference,
      name: input.name,
      email: input.email,
      phone: input.phone,
      serviceType: "subscription",
      spaceDetails: {
        requestType: "subscription",
        plan: input.plan,
        suburb: input.suburb,
        preferredStartDate: input.startDate,
      },
      createdAt,
    });
    await notifyStaffByEmail(trx, {
      topic: "subscription.requested",
      subjectType: "quote",
      subjectId: id,
      replyTo: input.email,
      leadUrl: publicUrl ? leadDetailsUrl(publicUrl, id) : undefined,
      subject: `New subscription request: ${plan} plan (${reference})`,
      heading: `New subscription request: ${plan} plan`,
      paragraphs: [
        `${input.name} asked for the ${plan} plan on the website.`,
        `Email: ${input.email}. Phone: ${input.phone}.`,
        `Suburb: ${input.suburb}. Preferred start date: ${input.startDate}.`,
        `Reference ${reference}. The request waits in the leads board as a new lead.`,
      ],
    });
    await acknowledgeByEmail(trx, {
      kind: "subscription",
      subjectType: "quote",
      subjectId: id,
      to: input.email,
      name: input.name,
      plan,
      reference,
    });
  });
  return { id, reference, plan };
}
