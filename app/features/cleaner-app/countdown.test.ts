import { describe, expect, test } from "vitest";
import { answerWithin } from "./countdown";

const NOW = new Date("2026-11-28T01:00:00.000Z");

describe("the time left to answer an offer", () => {
  test("hours and minutes read as the app shows them", () => {
    expect(answerWithin("2026-11-28T04:20:00.000Z", NOW)).toBe("Answer within 3 h 20 min");
  });
  test("whole hours drop the minutes, and under an hour only minutes show", () => {
    expect(answerWithin("2026-11-28T03:00:00.000Z", NOW)).toBe("Answer within 2 h");
    expect(answerWithin("2026-11-28T01:45:00.000Z", NOW)).toBe("Answer within 45 min");
  });
  test("a part-minute left still counts as a minute, and a passed deadline says so", () => {
    expect(answerWithin("2026-11-28T01:00:20.000Z", NOW)).toBe("Answer within 1 min");
    expect(answerWithin("2026-11-28T01:00:00.000Z", NOW)).toBe("The time to answer has passed");
  });
});
