import ical, { ICalEventStatus } from "ical-generator";
import type { Kysely } from "kysely";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { sha256 } from "~/lib/crypto.server";
import { newId, newToken } from "~/lib/ids";
import { addDays, addMinutes, sydneyDate, sydneyInstant } from "~/lib/sydney-time";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { Database } from "~/server/database";
import { CALENDAR_FEED_TEXT } from "./calendar-feed-copy";
import {
  findFeedCreatedAt,
  findFeedCrews,
  findFeedJobs,
  findFeedOwner,
  replaceFeedToken,
} from "./calendar-feed.repository.server";

// docs/decisions/0071-cleaner-earnings-and-calendar-feed.md: a cleaner's private iCal link of their
// accepted jobs. Only the token's hash is kept; renewing replaces it, which revokes the old link.
// The feed is read on every fetch, so a reschedule moves the event (same UID) and a cancellation
// marks it cancelled. It carries suburbs and first names only: no address, no client.

export const CALENDAR_FEED_RENEWED = "cleaner.calendar_feed_renewed";

/** The path of a feed; the token is the only secret, `.ics` lets calendar apps see the type. */
export function calendarFeedPath(token: string) {
  return `/calendar/cleaner/${token}.ics`;
}

/** How far back the feed reaches: last month's jobs stay in a subscribed calendar. */
const FEED_PAST_DAYS = 31;

/** Statuses whose cleaners may still read their feed (those who may sign in to the app). */
const FEED_STATUSES = new Set(["available", "busy", "offline"]);

/** When the cleaner's current link was made, or null when they have none. */
export function getCalendarFeedCreatedAt(db: Kysely<Database>, cleanerId: string) {
  return findFeedCreatedAt(db, cleanerId);
}

/** Makes a new link for the cleaner, revoking any earlier one; answers its path, shown once. */
export async function renewCalendarFeed(db: Kysely<Database>, cleanerId: string, now = new Date()) {
  const token = newToken();
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await replaceFeedToken(trx, {
      cleaner_id: cleanerId,
      token_hash: sha256(token),
      created_at: at,
    });
    await insertAuditEntry(trx, {
      id: newId(),
      actor_type: "cleaner",
      actor_id: cleanerId,
      action: CALENDAR_FEED_RENEWED,
      subject_type: "cleaner",
      subject_id: cleanerId,
      details: null,
      ip: null,
      created_at: at,
    });
  });
  return { path: calendarFeedPath(token) };
}

const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? name;

type FeedState = "confirmed" | "asked-again" | "cancelled";

const EVENT_STATUS: Record<FeedState, ICalEventStatus> = {
  confirmed: ICalEventStatus.CONFIRMED,
  "asked-again": ICalEventStatus.TENTATIVE,
  cancelled: ICalEventStatus.CANCELLED,
};

/** A moved job waits for the cleaner's new answer, as its emailed invite does (0041). */
function feedState(bookingStatus: string, seatStatus: string): FeedState {
  if (bookingStatus === "cancelled" || seatStatus === "cancelled") return "cancelled";
  return seatStatus === "pending" ? "asked-again" : "confirmed";
}

/** SEQUENCE: the later change of the booking or the seat, in whole seconds. */
function changeNumber(...updatedAt: string[]) {
  return Math.max(...updatedAt.map((at) => Math.floor(Date.parse(at) / 1000)));
}

/** The iCalendar text of the feed whose token is `token`, or null for an unknown or revoked one. */
export async function calendarFeedFor(db: Kysely<Database>, token: string, now = new Date()) {
  if (token.length < 20 || token.length > 100) return null;
  const owner = await findFeedOwner(db, sha256(token));
  if (!owner || !FEED_STATUSES.has(owner.status)) return null;
  const jobs = await findFeedJobs(db, owner.id, addDays(sydneyDate(now), -FEED_PAST_DAYS));
  const crews = await findFeedCrews(
    db,
    jobs.map((job) => job.booking_id!),
  );
  const business = await getBusinessProfile(db);
  const calendar = ical({
    name: `${business.name} jobs`,
    prodId: { company: business.name, product: "cleaner-jobs", language: "EN" },
    ttl: 60 * 60,
  });
  for (const job of jobs) {
    const mates = crews
      .filter((seat) => seat.booking_id === job.booking_id && seat.cleaner_id !== owner.id)
      .map((seat) => firstNameOf(seat.name));
    const minutes = Math.round(
      (Number(job.estimated_hours ?? 0) * 60) / Math.max(1, job.crew_size),
    );
    const start = sydneyInstant(job.scheduled_date, job.time_slot);
    const state = feedState(job.status, job.seat_status);
    calendar.createEvent({
      id: `${job.id}@cleaner-jobs`,
      sequence: changeNumber(job.updated_at, job.seat_updated_at),
      start,
      end: addMinutes(start, Math.max(60, minutes)),
      summary: `${CALENDAR_FEED_TEXT.eventPrefix[state]}Clean in ${job.suburb}`,
      description: mates.length > 0 ? `With ${mates.join(", ")}` : "Just you",
      location: job.suburb,
      status: EVENT_STATUS[state],
    });
  }
  // RFC 5545 ends every line, the last included, with CRLF; ical-generator leaves the last bare.
  const text = calendar.toString();
  return text.endsWith("\r\n") ? text : `${text}\r\n`;
}
