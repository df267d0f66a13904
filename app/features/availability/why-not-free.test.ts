import { describe, expect, test } from "vitest";
import { parseWorkingHours, whyNotFree, type CleanerDay } from "./why-not-free";

// docs/decisions/0042-who-is-free-for-a-job.md: the working hours staff type, and the order in
// which the reasons someone is not free are given.

describe("working hours as staff type them", () => {
  test.each([
    ["7am-3pm", { from: 420, to: 900 }],
    ["8:30am - 4:30pm", { from: 510, to: 990 }],
    ["08:00-16:00", { from: 480, to: 960 }],
    ["9am to 5pm", { from: 540, to: 1020 }],
    ["12pm-6pm", { from: 720, to: 1080 }],
  ])("%s is read as a range of the day", (text, range) => {
    expect(parseWorkingHours(text)).toEqual(range);
  });

  test.each(["", "Mornings", "5pm-9am", "13pm-2pm", "9:75am-5pm"])(
    "%j is not a range, so it limits nothing",
    (text) => {
      expect(parseWorkingHours(text)).toBeNull();
    },
  );
});

describe("why someone is not free", () => {
  const free: CleanerDay = {
    workingDays: ["Thursday"],
    workingHours: "8am-4pm",
    policeCheckExpiresOn: "2027-01-01",
    onTimeOff: false,
    declinedThisJob: false,
    otherJobs: [],
  };
  // 3 December 2026 is a Thursday.
  const job = { date: "2026-12-03", slot: "09:00", hours: 3 };
  const today = "2026-11-26";

  test("a cleaner with nothing in the way is free", () => {
    expect(whyNotFree(free, job, today)).toBeNull();
  });

  test("a job ending exactly when the day or another job ends or starts still fits", () => {
    const edge = { ...free, otherJobs: [{ slot: "12:00", hours: 4 }] };
    expect(whyNotFree(edge, job, today)).toBeNull();
    expect(whyNotFree(free, { ...job, slot: "13:00" }, today)).toBeNull();
    expect(whyNotFree(free, { ...job, slot: "13:00", hours: 3.5 }, today)).toBe(
      "Works 8am-4pm only",
    );
  });

  test("the police check comes first, then a decline, the day, time off, hours and other jobs", () => {
    const everything: CleanerDay = {
      workingDays: ["Monday"],
      workingHours: "1pm-6pm",
      policeCheckExpiresOn: null,
      onTimeOff: true,
      declinedThisJob: true,
      otherJobs: [{ slot: "10:00", hours: 4 }],
    };
    const reasons = [];
    let cleaner = everything;
    for (const fix of [
      { policeCheckExpiresOn: "2027-01-01" },
      { declinedThisJob: false },
      { workingDays: ["Thursday"] },
      { onTimeOff: false },
      { workingHours: null },
      { otherJobs: [] },
    ]) {
      reasons.push(whyNotFree(cleaner, job, today));
      cleaner = { ...cleaner, ...fix };
    }
    reasons.push(whyNotFree(cleaner, job, today));
    expect(reasons).toEqual([
      "No police check on record",
      "Declined this job",
      "Not working Thursdays",
      "On time off that day",
      "Works 1pm-6pm only",
      "On another job 10:00–14:00",
      null,
    ]);
  });

  test("a cleaner with no working days on record is never free", () => {
    expect(whyNotFree({ ...free, workingDays: [] }, job, today)).toBe("No working days on record");
  });
});
