// How a tip is shared (docs/decisions/0078-tips-go-to-the-crew.md): wholly among the crew, one
// equal share per seat in whole cents; the cents left over go one each to the lowest seats
// (seat 1 first, the crew's lead), so the shares always add up to the tip exactly.

export type CrewSeat = { seat: number; cleanerId: string };
export type TipShare = CrewSeat & { amountCents: number };

export function splitTip(amountCents: number, crew: readonly CrewSeat[]): TipShare[] {
  if (crew.length === 0) return [];
  const seats = [...crew].sort((a, b) => a.seat - b.seat);
  const base = Math.floor(amountCents / seats.length);
  const remainder = amountCents - base * seats.length;
  return seats.map((seat, index) => ({
    ...seat,
    amountCents: base + (index < remainder ? 1 : 0),
  }));
}
