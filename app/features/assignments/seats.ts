import type { SeatChoice } from "./assignments";

// docs/decisions/0060-crews-and-cleaner-holds.md: a crew's seats, each offered and accepted on
// its own. Pure: the offer service reads the live offers and asks which seat an offer goes to.

/** A live offer (pending or accepted) of the job, on its seat. */
export type SeatOffer = { id: string; seat: number; status: string; cleaner_id: string };

/** Each seat from 1 to the crew size, with its live offer (an accepted one before a pending one). */
export function seatsOf<Offer extends SeatOffer>(crewSize: number, offers: readonly Offer[]) {
  return Array.from({ length: Math.max(1, crewSize) }, (_, index) => {
    const seat = index + 1;
    const onSeat = offers.filter((offer) => offer.seat === seat);
    const offer = onSeat.find((item) => item.status === "accepted") ?? onSeat[0] ?? null;
    return { seat, offer };
  });
}

/** How many seats are accepted. */
export function acceptedSeats(crewSize: number, offers: readonly SeatOffer[]) {
  return seatsOf(crewSize, offers).filter((seat) => seat.offer?.status === "accepted").length;
}

/** The seats as the Assign Cleaner panel lists them. */
export function seatChoices(
  crewSize: number,
  offers: readonly (SeatOffer & { cleaner_name?: string | null })[],
): SeatChoice[] {
  return seatsOf(crewSize, offers).map(({ seat, offer }) => ({
    seat,
    state: !offer ? "open" : offer.status === "accepted" ? "accepted" : "pending",
    cleaner: offer?.cleaner_name ?? null,
  }));
}

export type SeatPick =
  | { ok: true; seat: number; replaces: SeatOffer[] }
  | { ok: false; why: "no-such-seat" | "accepted" | "full" };

/**
 * The seat an offer goes to: the one staff chose, else the lowest seat without a live offer,
 * else the lowest seat still waiting on an answer (its offer is withdrawn, so a job never has
 * more live offers than seats). An accepted seat is never re-offered.
 */
export function pickSeat(
  crewSize: number,
  offers: readonly SeatOffer[],
  requested?: number,
): SeatPick {
  const seats = seatsOf(crewSize, offers);
  const pendingOn = (seat: number) =>
    offers.filter((offer) => offer.seat === seat && offer.status === "pending");
  if (requested !== undefined) {
    const chosen = seats.find((item) => item.seat === requested);
    if (!chosen) return { ok: false, why: "no-such-seat" };
    if (chosen.offer?.status === "accepted") return { ok: false, why: "accepted" };
    return { ok: true, seat: requested, replaces: pendingOn(requested) };
  }
  const open = seats.find((item) => !item.offer);
  if (open) return { ok: true, seat: open.seat, replaces: [] };
  const waiting = seats.find((item) => item.offer?.status === "pending");
  if (waiting) return { ok: true, seat: waiting.seat, replaces: pendingOn(waiting.seat) };
  return { ok: false, why: "full" };
}
