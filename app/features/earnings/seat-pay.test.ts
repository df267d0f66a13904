import { describe, expect, test } from "vitest";
import { seatHoursAndPay } from "./seat-pay";

// docs/decisions/0071-cleaner-earnings-and-calendar-feed.md: one rule turns a seat into hours and pay.

const RATE = 3200;

describe("a seat's hours and pay", () => {
  test("without check-in times, a seat is its share of the estimate: 6 hours for a crew of 2 is 3 hours", () => {
    expect(
      seatHoursAndPay(
        { estimatedHours: 6, crewSize: 2, checkedInAt: null, checkedOutAt: null },
        RATE,
      ),
    ).toEqual({ hours: 3, payCents: 9600, measured: false });
  });

  test("checked in to checked out counts instead, to the minute", () => {
    expect(
      seatHoursAndPay(
        {
          estimatedHours: 6,
          crewSize: 2,
          checkedInAt: "2026-12-03T22:00:00.000Z",
          checkedOutAt: "2026-12-04T00:40:00.000Z",
        },
        RATE,
      ),
    ).toEqual({ hours: 160 / 60, payCents: 8533, measured: true });
  });

  test("a check-out within a minute of the check-in measured nothing: the estimate, not $0.00", () => {
    const seat = { estimatedHours: 5, crewSize: 2, checkedInAt: "2026-12-04T00:00:00.000Z" };
    const estimate = { hours: 2.5, payCents: 8000, measured: false };
    for (const checkedOutAt of [
      "2026-12-04T00:00:00.000Z",
      "2026-12-04T00:00:20.000Z",
      "2026-12-04T00:00:59.000Z",
    ]) {
      expect(seatHoursAndPay({ ...seat, checkedOutAt }, RATE)).toEqual(estimate);
    }
    expect(seatHoursAndPay({ ...seat, checkedOutAt: "2026-12-04T00:01:00.000Z" }, RATE)).toEqual({
      hours: 1 / 60,
      payCents: 53,
      measured: true,
    });
  });

  test("a check-out over 16 hours after the check-in is a forgotten tap: the estimate, as the pay run pays", () => {
    expect(
      seatHoursAndPay(
        {
          estimatedHours: 4,
          crewSize: 1,
          checkedInAt: "2026-12-04T00:00:00.000Z",
          checkedOutAt: "2026-12-04T17:00:00.000Z",
        },
        RATE,
      ),
    ).toEqual({ hours: 4, payCents: 12800, measured: false });
  });

  test("a check-out before the check-in, or a missing one, falls back to the estimate", () => {
    const estimate = { hours: 6, payCents: 19200, measured: false };
    expect(
      seatHoursAndPay(
        {
          estimatedHours: 6,
          crewSize: 1,
          checkedInAt: "2026-12-04T01:00:00Z",
          checkedOutAt: "2026-12-04T00:00:00Z",
        },
        RATE,
      ),
    ).toEqual(estimate);
    expect(
      seatHoursAndPay(
        { estimatedHours: 6, crewSize: 0, checkedInAt: "2026-12-04T01:00:00Z", checkedOutAt: null },
        RATE,
      ),
    ).toEqual(estimate);
  });
});
