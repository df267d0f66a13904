import { describe, expect, test } from "vitest";
import {
  CHANGE_REASONS,
  changeEligibility,
  earliestRescheduleDate,
  formatBookingDate,
  formatSlot,
} from "./booking-change-rules";

// 2026-12-01 09:00 in Sydney (daylight saving, UTC+11) is 2026-11-30T22:00:00Z.
const booking = { status: "confirmed", scheduledDate: "2026-12-01", timeSlot: "09:00" };

describe("changing a booking", () => {
  test("a confirmed booking exactly 24 hours away can still be changed", () => {
    expect(changeEligibility(booking, new Date("2026-11-29T22:00:00Z"))).toEqual({ allowed: true });
  });

  test("one minute inside 24 hours the change is refused with the reason", () => {
    expect(changeEligibility(booking, new Date("2026-11-29T22:01:00Z"))).toEqual({
      allowed: false,
      reason: CHANGE_REASONS.tooLate,
    });
  });

  test("a cancelled or completed booking cannot be changed, whenever it is", () => {
    const early = new Date("2026-11-01T00:00:00Z");
    expect(changeEligibility({ ...booking, status: "cancelled" }, early)).toMatchObject({
      allowed: false,
      reason: CHANGE_REASONS.cancelled,
    });
    expect(changeEligibility({ ...booking, status: "completed" }, early)).toMatchObject({
      allowed: false,
    });
  });

  test("the earliest new date is Sydney's tomorrow, even late in the UTC day", () => {
    // 2026-11-30T14:00Z is 1 am on 1 December in Sydney.
    expect(earliestRescheduleDate(new Date("2026-11-30T14:00:00Z"))).toBe("2026-12-02");
  });

  test("slots and dates read the Australian way", () => {
    expect(formatSlot("14:00")).toBe("2:00 PM");
    expect(formatSlot("08:00")).toBe("8:00 AM");
    expect(formatBookingDate("2026-12-01")).toBe("Tuesday 1 December 2026");
  });
});
