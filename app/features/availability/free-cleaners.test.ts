import { describe, expect, test } from "vitest";
import { distanceKm, travelMinutes } from "./distance";
import {
  crewDays,
  freeCleaners,
  NOT_TAKING_JOBS,
  rankFreeCleaners,
  whyNotFreeAt,
  type CleanerCalendar,
  type CrewJob,
} from "./free-cleaners";
import { holdSpan } from "./hold-span";

// docs/decisions/0060-crews-and-cleaner-holds.md: who is free for a job, whether a whole crew is,
// and the order a crew is picked in.

const today = "2026-12-01";
// Thursday 3 December 2026, 9:00 for four hours, with a 30-minute travel buffer
const job: CrewJob = { date: "2026-12-03", slot: "09:00", minutesOnSite: 240, bufferMinutes: 30 };
const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];

function cleaner(id: string, overrides: Partial<CleanerCalendar> = {}): CleanerCalendar {
  return {
    id,
    status: "available",
    workingDays: WEEKDAYS,
    workingHours: "7am-6pm",
    policeCheckExpiresOn: "2029-01-01",
    timeOff: [],
    holds: [],
    rating: 4.5,
    place: null,
    ...overrides,
  };
}

const heldFor = (slot: string, minutesOnSite: number, bookingId = "b-other") => ({
  ...holdSpan({ date: job.date, slot, minutesOnSite, bufferMinutes: 30 }),
  bookingId,
});

describe("why a cleaner is not free", () => {
  test("a cleaner who works the day and hours, with nothing held, is free", () => {
    expect(whyNotFreeAt(cleaner("a"), job, today)).toBeNull();
  });

  test.each([
    [{ status: "suspended" as const }, NOT_TAKING_JOBS],
    [{ status: "offline" as const }, NOT_TAKING_JOBS],
    [{ status: "pending_review" as const }, NOT_TAKING_JOBS],
    [{ policeCheckExpiresOn: null }, "No police check on record"],
    [{ workingDays: [] }, "No working days on record"],
    [{ workingDays: ["Monday"] }, "Not working Thursdays"],
    [{ timeOff: [{ startsOn: "2026-12-01", endsOn: "2026-12-03" }] }, "On time off that day"],
    [{ workingHours: "10am-6pm" }, "Works 10am-6pm only"],
    [{ workingHours: "7am-12pm" }, "Works 7am-12pm only"],
  ])("%j: %s", (overrides, reason) => {
    expect(whyNotFreeAt(cleaner("a", overrides), job, today)).toBe(reason);
  });

  test("a busy cleaner still takes jobs; a declined one does not take this one", () => {
    expect(whyNotFreeAt(cleaner("a", { status: "busy" }), job, today)).toBeNull();
    const declined = { ...job, declinedBy: new Set(["a"]) };
    expect(whyNotFreeAt(cleaner("a"), declined, today)).toBe("Declined this job");
  });

  test("a hold ending within the travel buffer of the start blocks; one beyond it does not", () => {
    // 7:00 for 90 minutes ends 8:30, blocked until 9:00: touching, not overlapping
    expect(whyNotFreeAt(cleaner("a", { holds: [heldFor("07:00", 90)] }), job, today)).toBeNull();
    // 7:00 for 91 minutes is blocked until 9:01
    expect(whyNotFreeAt(cleaner("a", { holds: [heldFor("07:00", 91)] }), job, today)).toBe(
      "On another job 07:00–08:31",
    );
    // 13:00 starts inside 9:00 + 4 hours + the 30-minute buffer
    expect(whyNotFreeAt(cleaner("a", { holds: [heldFor("13:00", 120)] }), job, today)).toBe(
      "On another job 13:00–15:00",
    );
    expect(whyNotFreeAt(cleaner("a", { holds: [heldFor("13:30", 120)] }), job, today)).toBeNull();
  });

  test("the job's own holds do not block its cleaners (a reschedule)", () => {
    const own = cleaner("a", { holds: [heldFor("09:00", 240, "b-this")] });
    expect(whyNotFreeAt(own, job, today)).not.toBeNull();
    expect(whyNotFreeAt(own, { ...job, bookingId: "b-this" }, today)).toBeNull();
  });

  test("the free are those with no reason", () => {
    const team = [cleaner("a"), cleaner("b", { workingDays: ["Monday"] }), cleaner("c")];
    expect(freeCleaners(team, job, today).map((c) => c.id)).toEqual(["a", "c"]);
  });
});

describe("days with room for a whole crew", () => {
  const slotsOn = (date: string) => (date === "2026-12-06" ? [] : ["09:00", "13:00"]);
  const dates = ["2026-12-03", "2026-12-04", "2026-12-06"];
  const input = { dates, slotsOn, minutesOnSite: 240, bufferMinutes: 30, today };

  test("a slot has room only when as many cleaners as the crew needs are free at once", () => {
    const team = [
      cleaner("a"),
      cleaner("b", { holds: [heldFor("09:00", 240)] }),
      cleaner("c", { workingDays: ["Friday"] }),
    ];
    const days = crewDays(team, { ...input, crewSize: 2 });
    expect(days).toEqual([
      {
        date: "2026-12-03",
        slots: [
          { slot: "09:00", crewFree: false },
          // b's 9:00 job blocks until 13:30
          { slot: "13:00", crewFree: false },
        ],
      },
      {
        date: "2026-12-04",
        slots: [
          { slot: "09:00", crewFree: true },
          { slot: "13:00", crewFree: true },
        ],
      },
      { date: "2026-12-06", slots: [] },
    ]);
    const solo = crewDays(team, { ...input, crewSize: 1 });
    expect(solo[0]!.slots.every((s) => s.crewFree)).toBe(true);
  });

  test("suspended and offline cleaners never make up a crew", () => {
    const team = [cleaner("a"), cleaner("b", { status: "suspended" })];
    expect(crewDays(team, { ...input, crewSize: 2 })[1]!.slots[0]!.crewFree).toBe(false);
  });
});

describe("the order a crew is picked in", () => {
  const week = {
    startsMinute: holdSpan({
      date: "2026-11-30",
      slot: "00:00",
      minutesOnSite: 0,
      bufferMinutes: 0,
    }).startsMinute,
    blockedUntilMinute: holdSpan({
      date: "2026-12-07",
      slot: "00:00",
      minutesOnSite: 0,
      bufferMinutes: 0,
    }).startsMinute,
  };
  const bondi = { lat: -33.891, lng: 151.277 };
  const parramatta = { lat: -33.815, lng: 151.001 };
  const order = (team: CleanerCalendar[], facts: object = {}) =>
    rankFreeCleaners(team, { week, jobPlace: bondi, ...facts }).map((c) => c.id);

  test("preferred, then last to clean for the customer, then rating, hours held, distance", () => {
    const team = [
      cleaner("near", { rating: 4, place: bondi }),
      cleaner("far", { rating: 4, place: parramatta }),
      cleaner("busy", { rating: 4, place: bondi, holds: [heldFor("13:00", 240)] }),
      cleaner("star", { rating: 5 }),
      cleaner("last", { rating: 3 }),
      cleaner("preferred", { rating: 2 }),
    ];
    expect(order(team, { preferredCleanerId: "preferred", lastCleanerId: "last" })).toEqual([
      "preferred",
      "last",
      "star",
      "near",
      "far",
      "busy",
    ]);
    expect(order(team)).toEqual(["star", "near", "far", "busy", "last", "preferred"]);
  });

  test("a cleaner with no known suburb comes after the ones whose distance is known", () => {
    expect(order([cleaner("unknown"), cleaner("far", { place: parramatta })])).toEqual([
      "far",
      "unknown",
    ]);
  });

  test("distance is straight-line, and travel time follows the stated speed", () => {
    const km = distanceKm(bondi, parramatta);
    expect(km).toBeGreaterThan(26);
    expect(km).toBeLessThan(28);
    expect(travelMinutes(30)).toBe(60);
  });
});
