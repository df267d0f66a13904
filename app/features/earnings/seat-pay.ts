// docs/decisions/0071-cleaner-earnings-and-calendar-feed.md: the one rule that turns a cleaner's
// seat on a job into hours and pay. The cleaner's earnings use it today; pay runs will too.

export type PaidSeat = {
  /** The hours the job's quote priced, for the whole crew */
  estimatedHours: number;
  /** The booking's crew size; the seat's share is the estimate over it */
  crewSize: number;
  /** ISO-8601 UTC, set by the cleaner's check-in and check-out in their app */
  checkedInAt: string | null;
  checkedOutAt: string | null;
};

export type SeatPay = {
  hours: number;
  payCents: number;
  /** True when the hours are the checked-in time rather than the share of the estimate */
  measured: boolean;
};

const MINUTES_PER_HOUR = 60;

/**
 * A seat's hours: checked in to checked out when both are recorded (and at least a minute
 * apart), else the seat's share of the estimate (docs/decisions/0060-crews-and-cleaner-holds.md).
 * Pay is the hours at `rateCents` an hour, to the cent; hours are kept to the minute.
 */
export function seatHoursAndPay(seat: PaidSeat, rateCents: number): SeatPay {
  const measuredMinutes = checkedInMinutes(seat.checkedInAt, seat.checkedOutAt);
  const minutes =
    measuredMinutes ??
    Math.round((seat.estimatedHours * MINUTES_PER_HOUR) / Math.max(1, seat.crewSize));
  return {
    hours: minutes / MINUTES_PER_HOUR,
    payCents: Math.round((minutes * rateCents) / MINUTES_PER_HOUR),
    measured: measuredMinutes !== null,
  };
}

// A check-out less than a minute after check-in measured nothing, so it reads as the estimate
// rather than "0 hours (checked in)" at $0.00, as the pay run's line does
// (docs/decisions/0096-zero-minute-visits-paid-at-estimate.md).
const SHORTEST_MEASURED_MS = 60_000;

function checkedInMinutes(inAt: string | null, outAt: string | null) {
  if (!inAt || !outAt) return null;
  const ms = Date.parse(outAt) - Date.parse(inAt);
  if (!Number.isFinite(ms) || ms < SHORTEST_MEASURED_MS) return null;
  return Math.round(ms / 60_000);
}
