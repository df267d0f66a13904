import { describe, expect, test } from "vitest";
import { seriesCalendar } from "./series-calendar.server";

describe("a series' calendar entry", () => {
  test("is one recurring event with the series' rule, at Sydney's 9:00 AM", () => {
    const { content } = seriesCalendar({
      id: "series-1",
      rule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU",
      startsOn: "2026-12-01",
      timeSlot: "09:00",
      hours: 3,
      address: "12 Campbell Parade, Bondi NSW 2026",
      summary: "Harbour & Gold regular clean",
      business: { name: "Harbour & Gold Cleaning", email: "hello@example.com" },
    });
    expect(content).toContain("UID:series-1@series");
    expect(content).toContain("DTSTART;TZID=Australia/Sydney:20261201T090000");
    expect(content).toContain("DTEND;TZID=Australia/Sydney:20261201T120000");
    expect(content).toContain("RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU");
    expect(content.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  });
});
