import type { Kysely } from "kysely";
import { scheduleSeatOffers } from "~/features/bookings/seat-offers.service.server";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import type { Database } from "~/server/database";

// docs/decisions/0064-automatic-offers.md: when an offer lets its seat go (a decline, an expiry,
// a withdrawal, a release of the cleaner), the seat's next automatic offer is scheduled in the
// same transaction. The automatic chain moves on after its own offers; a seat staff offered by
// hand goes back into the chain only when "Offer released seats automatically" is on.

/** The offer that let its seat go. */
export type ReleasedOffer = { booking_id: string | null; seat: number; automatic: number };

/** Schedules the seat's next automatic offer when the settings say so; true when scheduled. */
export async function offerReleasedSeat(
  trx: Kysely<Database>,
  offer: ReleasedOffer,
  now: Date,
): Promise<boolean> {
  if (!offer.booking_id) return false; // a lead not yet booked has no seats to chain
  const profile = await getBusinessProfile(trx);
  if (!profile.autoOffers) return false;
  if (!Number(offer.automatic) && !profile.autoOfferReleasedSeats) return false;
  await scheduleSeatOffers(trx, offer.booking_id, [offer.seat], now);
  return true;
}
