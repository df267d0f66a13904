import { describe, expect, test } from "vitest";
import { DEFAULT_BUSINESS_PROFILE } from "~/features/settings/business-profile-defaults";
import { BOOKING_MESSAGES as M } from "./booking-messages";
import { slotRefusal, slotsWithinHours, type BusinessHours } from "./slot-fit";

// The default week: Mon-Fri 7am-6pm, Sat 8am-4pm, Sun closed; Christmas Day closed on top.
const hours: BusinessHours = {
  weeklyHours: DEFAULT_BUSINESS_PROFILE.weeklyHours,
  closedDates: [{ date: "2026-12-25", label: "Christmas Day" }],
};
const threeHours = { hours: 3, cleaners: 1 };
const fiveHours = { hours: 5, cleaners: 1 };
// Monday 30 November 2026, 10 am in Sydney (UTC+11).
const now = new Date("2026-11-29T23:00:00Z");
const MONDAY = "2026-12-07";
const SATURDAY = "2026-12-05";
const SUNDAY = "2026-12-06";

const refusal = (
  date: string,
  slot: string,
  job = threeHours,
  who: "customer" | "staff" = "customer",
) => slotRefusal({ date, slot, job, hours, who, now });

describe("which slots a day offers", () => {
  test("a weekday offers a three-hour clean every slot to 3 pm, and a Sunday none", () => {
    expect(slotsWithinHours(MONDAY, threeHours, hours)).toEqual([
      "08:00",
      "09:00",
      "10:00",
      "11:00",
      "13:00",
      "14:00",
      "15:00",
    ]);
    expect(slotsWithinHours(SUNDAY, threeHours, hours)).toEqual([]);
  });

  test("a five-hour clean ends by 6 pm on a weekday and by 4 pm on a Saturday", () => {
    expect(slotsWithinHours(MONDAY, fiveHours, hours).at(-1)).toBe("13:00");
    expect(slotsWithinHours(SATURDAY, fiveHours, hours).at(-1)).toBe("11:00");
  });

  test("the hours are shared among the cleaners: 9 cleaner-hours with 2 cleaners is 4.5 on site", () => {
    expect(slotsWithinHours(MONDAY, { hours: 9, cleaners: 2 }, hours).at(-1)).toBe("13:00");
  });

  test("a closed date offers nothing, whatever its weekday", () => {
    expect(slotsWithinHours("2026-12-25", threeHours, hours)).toEqual([]);
  });
});

describe("what the server accepts", () => {
  test("a weekday morning is accepted", () => {
    expect(refusal(MONDAY, "09:00")).toBeNull();
  });

  test("Sunday is refused beside the date", () => {
    expect(refusal(SUNDAY, "09:00")).toEqual({
      field: "date",
      message: M.closedWeekday("Sunday"),
    });
  });

  test("a closed date is refused beside the date, naming it", () => {
    expect(refusal("2026-12-25", "09:00")).toEqual({
      field: "date",
      message: "We are closed on that date (Christmas Day). Please choose another date.",
    });
  });

  test("a long job at 4 pm is refused beside the time, saying when it must start", () => {
    expect(refusal(MONDAY, "16:00", fiveHours)).toEqual({
      field: "timeSlot",
      message:
        "This clean takes about 5 hours, so it must start by 1:00 PM to finish by 6:00 PM. Please choose an earlier time.",
    });
    expect(refusal(SATURDAY, "13:00", { hours: 4, cleaners: 1 })?.field).toBe("timeSlot");
    expect(refusal(SATURDAY, "11:00", fiveHours)).toBeNull();
  });

  test("staff may move a job to a slot still ahead today; a customer may not", () => {
    expect(refusal("2026-11-30", "14:00", threeHours, "staff")).toBeNull();
    expect(refusal("2026-11-30", "14:00", threeHours, "customer")).toEqual({
      field: "date",
      message: M.dateTooEarly,
    });
  });

  test("staff cannot move a job to a slot that has already started today", () => {
    expect(refusal("2026-11-30", "10:00", threeHours, "staff")).toEqual({
      field: "timeSlot",
      message: M.timePassed,
    });
    expect(refusal("2026-11-29", "14:00", threeHours, "staff")?.field).toBe("date");
  });
});
