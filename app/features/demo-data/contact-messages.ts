import { newId } from "~/lib/ids";
import { EMAIL_DOMAINS, FIRST_NAMES, LAST_NAMES, fictionalMobile } from "./people";
import type { SeedContext } from "./seed-rows";

const MESSAGES = [
  "Do you clean inside ovens and fridges as part of a deep clean?",
  "We are moving out of a rental in Paddington at the end of the month. Can you do the bond clean?",
  "Is it possible to book the same cleaner every fortnight?",
  "Our office in North Sydney needs cleaning after hours, three nights a week. Could we talk?",
  "Do you bring your own products? One of us is allergic to strong fragrances.",
  "Could you quote for cleaning a holiday rental between guests in Manly?",
  "Thanks for the wonderful job last week, the apartment looks brand new.",
  "Do you clean windows on the outside of a two-storey house?",
];

/** Messages from the contact form over the last month; staff have handled the older ones. */
export function addContactMessages(ctx: SeedContext) {
  MESSAGES.forEach((message, index) => {
    const firstName = ctx.random.pick(FIRST_NAMES);
    const lastName = ctx.random.pick(LAST_NAMES);
    const daysAgo = 30 - index * 4 + ctx.random.next();
    const createdAt = new Date(ctx.now.getTime() - daysAgo * 86_400_000);
    ctx.rows.contactMessages.push({
      id: newId(),
      first_name: firstName,
      last_name: lastName,
      email:
        `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, "") +
        `@${ctx.random.pick(EMAIL_DOMAINS)}`,
      phone: fictionalMobile(index + 7),
      message,
      created_at: createdAt.toISOString(),
      handled_at: daysAgo > 5 ? new Date(createdAt.getTime() + 3 * 3_600_000).toISOString() : null,
    });
  });
}
