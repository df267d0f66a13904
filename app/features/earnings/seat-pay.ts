import { paidMinutes } from "~/features/payroll/pay-rules";

// docs/decisions/0071-cleaner-earnings-and-calendar-feed.md: a cleaner's seat on a job as hours and
// pay on their earnings page, by the hours rule the pay runs use.

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
 * A seat's hours are the pay run's (paidMinutes, docs/decisions/0080-pay-rules.md): checked in to
 * checked out when that makes sense, else the seat's share of the estimate
 * (docs/decisions/0060-crews-and-cleaner-holds.md). Pay is the hours at `rateCents` an hour, to
 * the cent; hours are kept to the minute.
 */
export function seatHoursAndPay(seat: PaidSeat, rateCents: number): SeatPay {
  const { minutes, estimated } = paidMinutes({
    checkedInAt: seat.checkedInAt,
    checkedOutAt: seat.checkedOutAt,
    shareOfEstimateHours: seat.estimatedHours / Math.max(1, seat.crewSize),
  });
  return {
    hours: minutes / MINUTES_PER_HOUR,
    payCents: Math.round((minutes * rateCents) / MINUTES_PER_HOUR),
    measured: !estimated,
  };
}
