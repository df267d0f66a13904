import { describe, expect, test } from "vitest";
import {
  CHANGE_REASONS,
  changeEligibility,
  earliestBookingDate,
  isBookableDate,
  isTimeSlot,
  isUpcoming,
  TIME_SLOTS,
} from "./booking-rules";

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
    expect(earliestBookingDate(new Date("2026-11-30T14:00:00Z"))).toBe("2026-12-02");
  });

  test("a booking is upcoming until the moment it starts", () => {
    expect(isUpcoming("2026-12-01", "09:00", new Date("2026-11-30T21:59:00Z"))).toBe(true);
    expect(isUpcoming("2026-12-01", "09:00", new Date("2026-11-30T22:00:00Z"))).toBe(false);
  });
});

describe("booking a clean", () => {
  test("slots come from the fixed list, with no lunch-hour slot", () => {
    expect(TIME_SLOTS).toEqual([
      "08:00",
      "09:00",
      "10:00",
      "11:00",
      "13:00",
      "14:00",
      "15:00",
      "16:00",
    ]);
    expect(isTimeSlot("12:00")).toBe(false);
    expect(isTimeSlot("16:00")).toBe(true);
  });

  test("the date must be Sydney's tomorrow or later, a real date, within a year", () => {
    // 2026-11-30T14:00Z is 1 am on 1 December in Sydney.
    const now = new Date("2026-11-30T14:00:00Z");
    expect(isBookableDate("2026-12-01", now)).toBe(false);
    expect(isBookableDate("2026-12-02", now)).toBe(true);
    expect(isBookableDate("2027-12-01", now)).toBe(true);
    expect(isBookableDate("2027-12-02", now)).toBe(false);
    expect(isBookableDate("2026-12-32", now)).toBe(false);
  });
});
