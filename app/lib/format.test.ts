import { describe, expect, it } from "vitest";
import {
  formatCsvDateTime,
  formatDateAndSlot,
  formatDateTime,
  formatHours,
  formatLongDate,
  formatMoney,
  formatMonth,
  formatPlainAmount,
  formatRate,
  formatShortDate,
  formatTimeSlot,
  formatWholeMoney,
} from "./format";

describe("money", () => {
  it("writes AUD with a thousands separator and two decimals", () => {
    expect(formatMoney(117500)).toBe("$1,175.00");
    expect(formatMoney(123456789)).toBe("$1,234,567.89");
    expect(formatMoney(45000)).toBe("$450.00");
    expect(formatMoney(5)).toBe("$0.05");
  });

  it("writes zero and negative amounts", () => {
    expect(formatMoney(0)).toBe("$0.00");
    expect(formatMoney(-1250)).toBe("-$12.50");
    expect(formatMoney(-117500)).toBe("-$1,175.00");
  });

  it("rounds a fractional cent to the nearest cent", () => {
    expect(formatMoney(1234.5)).toBe("$12.35");
    expect(formatMoney(1234.4)).toBe("$12.34");
  });

  it("writes whole dollars for axes and plan prices, rounded", () => {
    expect(formatWholeMoney(117500)).toBe("$1,175");
    expect(formatWholeMoney(117549)).toBe("$1,175");
    expect(formatWholeMoney(117550)).toBe("$1,176");
    expect(formatWholeMoney(0)).toBe("$0");
    expect(formatWholeMoney(-1240000)).toBe("-$12,400");
  });

  it("shows a rate's cents only when it has some", () => {
    expect(formatRate(5000)).toBe("$50");
    expect(formatRate(5050)).toBe("$50.50");
    expect(formatRate(250000)).toBe("$2,500");
  });

  it("writes a plain decimal for spreadsheets and inputs", () => {
    expect(formatPlainAmount(123456)).toBe("1234.56");
    expect(formatPlainAmount(0)).toBe("0.00");
    expect(formatPlainAmount(-5)).toBe("-0.05");
    expect(formatPlainAmount(-123456)).toBe("-1234.56");
    expect(formatPlainAmount(100000000)).toBe("1000000.00");
  });
});

describe("calendar dates", () => {
  it("has one long and one short form", () => {
    expect(formatLongDate("2026-12-03")).toBe("Thursday, 3 December 2026");
    expect(formatShortDate("2026-12-03")).toBe("Thu, 3 Dec 2026");
    expect(formatLongDate("2026-12-01")).toBe("Tuesday, 1 December 2026");
  });

  it("keeps the stored day on Sydney's daylight-saving changeovers", () => {
    // Clocks go forward on 4 October 2026 and back on 5 April 2026.
    expect(formatLongDate("2026-10-04")).toBe("Sunday, 4 October 2026");
    expect(formatShortDate("2026-04-05")).toBe("Sun, 5 Apr 2026");
  });

  it("handles leap days and year ends", () => {
    expect(formatShortDate("2028-02-29")).toBe("Tue, 29 Feb 2028");
    expect(formatLongDate("2026-12-31")).toBe("Thursday, 31 December 2026");
    expect(formatLongDate("2027-01-01")).toBe("Friday, 1 January 2027");
  });

  it("returns anything that is not a calendar date unchanged", () => {
    expect(formatShortDate("2026-02-30")).toBe("2026-02-30");
    expect(formatLongDate("soon")).toBe("soon");
    expect(formatShortDate("")).toBe("");
  });

  it("names a month key", () => {
    expect(formatMonth("2026-11")).toBe("Nov 2026");
    expect(formatMonth("2026-01", false)).toBe("Jan");
  });
});

describe("instants in Sydney", () => {
  it("shows an instant on Sydney's calendar and clock", () => {
    expect(formatDateTime("2026-12-02T22:00:00Z")).toBe("Thu, 3 Dec 2026, 9:00 AM");
    expect(formatDateTime(new Date("2026-12-03T05:30:00Z"))).toBe("Thu, 3 Dec 2026, 4:30 PM");
  });

  it("moves midnight UTC to Sydney's morning of the same day", () => {
    expect(formatDateTime("2026-07-01T00:00:00Z")).toBe("Wed, 1 Jul 2026, 10:00 AM");
    expect(formatDateTime("2026-12-31T13:00:00Z")).toBe("Fri, 1 Jan 2027, 12:00 AM");
  });

  it("follows daylight saving across the changeovers", () => {
    // 4 October 2026: 2 AM AEST becomes 3 AM AEDT.
    expect(formatDateTime("2026-10-03T15:59:00Z")).toBe("Sun, 4 Oct 2026, 1:59 AM");
    expect(formatDateTime("2026-10-03T16:00:00Z")).toBe("Sun, 4 Oct 2026, 3:00 AM");
    // 5 April 2026: 3 AM AEDT becomes 2 AM AEST, so 2:30 happens twice.
    expect(formatDateTime("2026-04-04T15:30:00Z")).toBe("Sun, 5 Apr 2026, 2:30 AM");
    expect(formatDateTime("2026-04-04T16:30:00Z")).toBe("Sun, 5 Apr 2026, 2:30 AM");
  });

  it("adds seconds on request", () => {
    expect(formatDateTime("2026-12-02T22:00:07Z", { seconds: true })).toBe(
      "Thu, 3 Dec 2026, 9:00:07 AM",
    );
  });

  it("writes a spreadsheet cell in Sydney's wall clock", () => {
    expect(formatCsvDateTime("2026-12-02T22:05:59.000Z")).toBe("2026-12-03 09:05");
    expect(formatCsvDateTime("2026-06-30T14:00:00.000Z")).toBe("2026-07-01 00:00");
    expect(formatCsvDateTime("2026-10-03T16:15:00.000Z")).toBe("2026-10-04 03:15");
  });
});

describe("time slots and durations", () => {
  it("writes a slot on the 12-hour clock", () => {
    expect(formatTimeSlot("08:00")).toBe("8:00 AM");
    expect(formatTimeSlot("11:00")).toBe("11:00 AM");
    expect(formatTimeSlot("12:00")).toBe("12:00 PM");
    expect(formatTimeSlot("14:00")).toBe("2:00 PM");
    expect(formatTimeSlot("00:30")).toBe("12:30 AM");
  });

  it("writes a date and its slot the way an instant reads, or the date alone without a slot", () => {
    expect(formatDateAndSlot("2026-11-26", "16:00")).toBe("Thu, 26 Nov 2026, 4:00 PM");
    expect(formatDateAndSlot("2026-11-28", "13:00")).toBe(formatDateTime("2026-11-28T02:00:00Z"));
    expect(formatDateAndSlot("2026-12-03")).toBe("Thu, 3 Dec 2026");
    expect(formatDateAndSlot("2026-12-03", "")).toBe("Thu, 3 Dec 2026");
  });

  it("writes hours with a singular for one", () => {
    expect(formatHours(2.5)).toBe("2.5 hours");
    expect(formatHours(1)).toBe("1 hour");
    expect(formatHours(0)).toBe("0 hours");
    expect(formatHours(4.25)).toBe("4.25 hours");
    expect(formatHours(1234)).toBe("1,234 hours");
  });
});
