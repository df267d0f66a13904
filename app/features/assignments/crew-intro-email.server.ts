import type { Kysely } from "kysely";
import type { BusinessProfile } from "~/features/settings/business-profile";
import { formatLongDate, formatTimeSlot } from "~/lib/format";
import type { Database } from "~/server/database";
import { enqueueIntroToClient } from "./assignment-emails.server";
import { firstName } from "./offer-format";

// docs/decisions/0060-crews-and-cleaner-holds.md: a job with a crew of more than one introduces
// "your cleaners" to the client once every seat is accepted, by first name and rating, in one
// email rather than one per cleaner (a single cleaner keeps enqueueCleanerIntroEmail).

/** "Ana", "Ana and Ben", "Ana, Ben and Cara" */
export function namesList(names: readonly string[]) {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

export async function enqueueCrewIntroEmail(
  trx: Kysely<Database>,
  input: {
    quoteId: string;
    client: { name: string; email: string };
    crew: { name: string; rating: number }[];
    date: string;
    timeSlot: string;
    profile: BusinessProfile;
  },
) {
  const names = namesList(input.crew.map((cleaner) => firstName(cleaner.name)));
  const when = `${formatLongDate(input.date)} at ${formatTimeSlot(input.timeSlot)}`;
  const ratings = input.crew.map((cleaner) => {
    const name = firstName(cleaner.name);
    return cleaner.rating > 0
      ? `${name} is rated ${cleaner.rating.toFixed(1)} out of 5 by our clients.`
      : `${name} is new to our team.`;
  });
  return enqueueIntroToClient(trx, {
    quoteId: input.quoteId,
    to: input.client.email,
    subject: `${names} are your cleaners for ${formatLongDate(input.date)}`,
    heading: `Meet ${names}, your cleaners`,
    paragraphs: [
      `Hi ${firstName(input.client.name)}, ${names} will clean for you together on ${when}.`,
      ...ratings,
    ],
    profile: input.profile,
  });
}
