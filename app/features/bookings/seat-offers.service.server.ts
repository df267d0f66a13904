import type { Kysely } from "kysely";
import { scheduleJob } from "~/features/outbox/outbox.service.server";
import type { Database } from "~/server/database";
import { AUTO_OFFER_TOPIC } from "./job-offers";

/**
 * Schedules the automatic offer of each seat (docs/decisions/0064-automatic-offers.md) in the
 * caller's transaction: the outbox worker makes the offers, never the request, and they survive
 * a restart. The handler checks again that the seat is still open, so a seat scheduled twice is
 * still offered to one cleaner at a time.
 */
export async function scheduleSeatOffers(
  trx: Kysely<Database>,
  bookingId: string,
  seats: readonly number[],
  dueAt: Date,
) {
  for (const seat of seats) {
    await scheduleJob(trx, {
      topic: AUTO_OFFER_TOPIC,
      dueAt,
      payload: { bookingId, seat },
      subjectType: "booking",
      subjectId: bookingId,
    });
  }
}
