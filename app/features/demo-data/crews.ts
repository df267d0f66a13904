import { holdSpan } from "~/features/availability/hold-span";
import {
  freeCleaners,
  rankFreeCleaners,
  type CleanerCalendar,
  type LiveHold,
} from "~/features/availability/free-cleaners";
import { DEFAULT_BUSINESS_PROFILE } from "~/features/settings/business-profile-defaults";
import { newId } from "~/lib/ids";
import { addDays, mondayOf } from "~/lib/sydney-time";
import type { NewBooking, NewCleanerTimeOff } from "~/server/database";
import type { SeedCleaner } from "./cleaners.server";
import { SYDNEY_SUBURBS } from "./sydney-suburbs";

// docs/decisions/0060-crews-and-cleaner-holds.md: the demo books only where a whole crew is free,
// as a customer could, by the same availability model; each live booking holds its crew. Four
// working cleaners are a core team on every day but Sunday from 7am to 6pm, so there is always
// someone to book; another is on time off this coming week, and the suspended ones never work.

const CORE_TEAM = 4;
const EVERY_DAY_BUT_SUNDAY = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const TRAVEL_MINUTES = DEFAULT_BUSINESS_PROFILE.travelMinutes;

export type SeedCrews = {
  calendars: (CleanerCalendar & { holds: LiveHold[] })[];
  /** The crew each booking holds, seat 1 first */
  byBooking: Map<string, SeedCleaner[]>;
  timeOff: NewCleanerTimeOff[];
};

const placeOf = (name: string | null) => {
  const fact = SYDNEY_SUBURBS.find(([suburb]) => suburb === name);
  return fact ? { lat: fact[2], lng: fact[3] } : null;
};

/** The core team's days and hours set, one cleaner's time off, and everyone's calendar. */
export function newSeedCrews(cleaners: SeedCleaner[], today: string, at: string): SeedCrews {
  const working = cleaners.filter((c) => c.assignable && c.row.status === "available");
  for (const cleaner of working.slice(0, CORE_TEAM)) {
    cleaner.row.availability = JSON.stringify(EVERY_DAY_BUT_SUNDAY);
    cleaner.row.working_hours = "7am-6pm";
  }
  const away = working[CORE_TEAM];
  const timeOff: NewCleanerTimeOff[] = away
    ? [
        {
          id: newId(),
          cleaner_id: away.row.id,
          starts_on: addDays(today, 1),
          ends_on: addDays(today, 7),
          status: "approved",
          created_by: null,
          created_at: at,
        },
      ]
    : [];
  // The demo cleaner (the first working one, app/features/demo-data/demo-cleaner-login.server.ts)
  // shows time off in the app both ways: approved, and asked for and waiting for staff
  // (docs/decisions/0070-cleaner-time-off-and-working-pattern.md). Weeks ahead, past the seeded jobs.
  const demoCleaner = working[0];
  if (demoCleaner) {
    timeOff.push(
      {
        id: newId(),
        cleaner_id: demoCleaner.row.id,
        starts_on: addDays(today, 42),
        ends_on: addDays(today, 44),
        status: "approved",
        created_by: null,
        created_at: at,
        decided_at: at,
      },
      {
        id: newId(),
        cleaner_id: demoCleaner.row.id,
        starts_on: addDays(today, 70),
        ends_on: addDays(today, 71),
        status: "requested",
        created_by: null,
        created_at: at,
      },
    );
  }
  const calendars = cleaners
    .filter((c) => c.assignable)
    .map((c) => ({
      id: c.row.id,
      status: c.row.status,
      workingDays: JSON.parse(c.row.availability) as string[],
      workingHours: c.row.working_hours,
      policeCheckExpiresOn: c.row.police_check_expires_on,
      timeOff: timeOff
        .filter((off) => off.cleaner_id === c.row.id && off.status !== "requested")
        .map((off) => ({ startsOn: off.starts_on, endsOn: off.ends_on })),
      holds: [] as LiveHold[],
      rating: 0,
      place: placeOf(c.row.location),
    }));
  return { calendars, byBooking: new Map(), timeOff };
}

export type CrewNeed = {
  crewSize: number;
  minutesOnSite: number;
  place: { lat: number; lng: number } | null;
};

/** The best-ranked whole crew free at (date, slot), or null when too few are free. */
export function freeCrew(
  crews: SeedCrews,
  cleaners: SeedCleaner[],
  when: { date: string; slot: string; today: string },
  need: CrewNeed,
) {
  const job = { ...when, minutesOnSite: need.minutesOnSite, bufferMinutes: TRAVEL_MINUTES };
  const free = freeCleaners(crews.calendars, job, when.today);
  if (free.length < need.crewSize) return null;
  const monday = mondayOf(when.date);
  const week = {
    startsMinute: holdSpan({ date: monday, slot: "00:00", minutesOnSite: 0, bufferMinutes: 0 })
      .startsMinute,
    blockedUntilMinute: holdSpan({
      date: addDays(monday, 7),
      slot: "00:00",
      minutesOnSite: 0,
      bufferMinutes: 0,
    }).startsMinute,
  };
  const ranked = rankFreeCleaners(free, { week, jobPlace: need.place });
  return ranked
    .slice(0, need.crewSize)
    .map((calendar) => cleaners.find((c) => c.row.id === calendar.id)!);
}

/** Holds the crew for the booking in the demo's calendars. */
export function holdCrew(
  crews: SeedCrews,
  booking: NewBooking,
  crew: SeedCleaner[],
  minutesOnSite: number,
) {
  const span = holdSpan({
    date: booking.scheduled_date,
    slot: booking.time_slot,
    minutesOnSite,
    bufferMinutes: TRAVEL_MINUTES,
  });
  for (const cleaner of crew) {
    crews.calendars
      .find((c) => c.id === cleaner.row.id)!
      .holds.push({ ...span, bookingId: booking.id });
  }
  crews.byBooking.set(booking.id, crew);
}

/**
 * The cleaner_holds rows of the bookings still live: each seat's cleaner, seat 1 linked to the
 * live offer it became when there is one.
 */
export function liveHoldRows(
  crews: SeedCrews,
  bookings: NewBooking[],
  liveOfferOf: (bookingId: string, cleanerId: string) => string | null,
  at: string,
) {
  const byId = new Map(bookings.map((b) => [b.id, b]));
  return [...crews.byBooking].flatMap(([bookingId, crew]) => {
    const booking = byId.get(bookingId);
    if (!booking || booking.status !== "confirmed") return [];
    return crew.map((cleaner, i) => {
      const calendar = crews.calendars.find((c) => c.id === cleaner.row.id)!;
      const span = calendar.holds.find((hold) => hold.bookingId === bookingId)!;
      return {
        id: newId(),
        cleaner_id: cleaner.row.id,
        booking_id: bookingId,
        seat: i + 1,
        starts_minute: span.startsMinute,
        blocked_until_minute: span.blockedUntilMinute,
        assignment_id: liveOfferOf(bookingId, cleaner.row.id),
        created_at: at,
        released_at: null,
      };
    });
  });
}

/** A cancelled booking gives its crew back. */
export function releaseCrew(crews: SeedCrews, bookingId: string) {
  for (const calendar of crews.calendars) {
    calendar.holds = calendar.holds.filter((hold) => hold.bookingId !== bookingId);
  }
}
