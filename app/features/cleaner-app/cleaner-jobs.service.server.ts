import type { Kysely } from "kysely";
import { answerOffer } from "~/features/assignments/offer-answers.server";
import { firstName, offerSuburb } from "~/features/assignments/offer-format";
import { minutesOnSite } from "~/features/bookings/slot-fit";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { formatLongDate, formatMoney, formatTimeSlot } from "~/lib/format";
import { parseValues } from "~/lib/forms";
import { failure, type Result } from "~/lib/result";
import { addDays, addMinutes, sydneyDate, sydneyInstant } from "~/lib/sydney-time";
import type { Database } from "~/server/database";
import type { CleanerHome, CleanerJob } from "./cleaner-app";
import { CLEANER_HOME_TEXT } from "./cleaner-app-copy";
import { OfferAnswerSchema } from "./cleaner-app.schema";
import {
  findAcceptedJobs,
  findCleanerById,
  findCrewMates,
  findOpenOffers,
  saveDeclineReason,
} from "./cleaner-app.repository.server";
import { answerWithin } from "./countdown";

// The cleaner's jobs and offers, and answering an offer from the app
// (docs/decisions/0063-cleaner-app-sign-in.md). Everything is read for the signed-in cleaner
// only; an id that is not theirs finds nothing.

const STATUS_LABELS: Record<string, string> = { confirmed: "Confirmed" };

/** "8:00 AM – 11:00 AM" and "3 h on site": a crew member's share is the hours over the crew. */
function timeOnSite(date: string, slot: string, hours: number | null, crew: number | null) {
  const minutes = minutesOnSite({ hours: Number(hours ?? 0), cleaners: crew });
  const end = addMinutes(sydneyInstant(date, slot), minutes);
  const endSlot = new Intl.DateTimeFormat("en-AU", {
    timeZone: "Australia/Sydney",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(end);
  const whole = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const length = whole === 0 ? `${rest} min` : rest === 0 ? `${whole} h` : `${whole} h ${rest} min`;
  return {
    time: `${formatTimeSlot(slot)} – ${formatTimeSlot(endSlot)}`,
    onSite: `${length} ${CLEANER_HOME_TEXT.onSite}`,
    minutes,
  };
}

function dayLabel(date: string, today: string) {
  if (date === today) return "Today";
  if (date === addDays(today, 1)) return "Tomorrow";
  return formatLongDate(date);
}

/** The signed-in cleaner's accepted jobs from today on (the first is the next job) and open offers. */
export async function loadCleanerHome(
  db: Kysely<Database>,
  cleanerId: string,
  now = new Date(),
): Promise<CleanerHome | null> {
  const cleaner = await findCleanerById(db, cleanerId);
  if (!cleaner) return null;
  const today = sydneyDate(now);
  const rows = await findAcceptedJobs(db, cleanerId, today);
  const mates = await findCrewMates(
    db,
    rows.map((row) => row.booking_id).filter((id): id is string => id !== null),
    cleanerId,
  );
  const jobs = rows
    .map((row): CleanerJob & { endsAt: number } => {
      const span = timeOnSite(
        row.scheduled_date,
        row.time_slot,
        row.estimated_hours,
        row.crew_size,
      );
      return {
        id: row.id,
        day: dayLabel(row.scheduled_date, today),
        time: span.time,
        onSite: span.onSite,
        suburb: offerSuburb(row.suburb, row.space_details),
        crew: mates
          .filter((mate) => mate.booking_id === row.booking_id)
          .map((m) => firstName(m.name)),
        status: STATUS_LABELS[row.status] ?? row.status,
        endsAt: addMinutes(
          sydneyInstant(row.scheduled_date, row.time_slot),
          span.minutes,
        ).getTime(),
      };
    })
    // A job already over today is done with; the next job is the first still to finish.
    .filter((job) => job.endsAt > now.getTime())
    .map(({ endsAt: _endsAt, ...job }) => job);
  const profile = await getBusinessProfile(db);
  const offers = (await findOpenOffers(db, cleanerId, now.toISOString())).map((row) => {
    const crew = row.crew_size ?? row.cleaners_needed;
    const span = timeOnSite(row.scheduled_date, row.time_slot, row.estimated_hours, crew);
    return {
      id: row.id,
      day: dayLabel(row.scheduled_date, today),
      time: span.time,
      onSite: span.onSite,
      suburb: offerSuburb(row.suburb, row.space_details),
      pay: formatMoney(Math.round((span.minutes / 60) * profile.cleanerPayRateCents)),
      deadline: row.response_deadline,
      answerWithin: answerWithin(row.response_deadline, now),
    };
  });
  return {
    firstName: firstName(cleaner.name),
    jobs,
    offers,
    loadedAt: now.toISOString(),
  };
}

const REFUSALS = {
  unknown: failure("not_found", "We could not find this offer."),
  answered: failure("conflict", "This offer has already been answered."),
  expired: failure("gone", "The time to answer this offer has passed."),
} as const;

/**
 * Accept or Decline from the app, through the service the emailed link uses (answerOffer), so
 * the rules, emails and audit entries are the same; the app's key is the cleaner's own offer id
 * under their session. Another cleaner's offer id finds nothing (404).
 */
export async function answerOfferInApp(
  db: Kysely<Database>,
  cleanerId: string,
  rawInput: unknown,
  ctx: { publicUrl: string; ip: string | null; now?: Date },
): Promise<Result<{ message: string }, "reason">> {
  const parsed = parseValues(rawInput, OfferAnswerSchema);
  if (!parsed.ok) return failure("malformed", "Please check the answer.", parsed.fieldErrors);
  const { assignmentId, answer, reason } = parsed.value;
  const page = await answerOffer(db, { cleanerId, assignmentId }, answer, {
    publicUrl: ctx.publicUrl,
    ip: ctx.ip,
    now: ctx.now,
  });
  if (page.state === "refused") return REFUSALS[page.reason];
  if (page.state === "declined" && reason) {
    await saveDeclineReason(db, cleanerId, assignmentId, reason);
  }
  return {
    ok: true,
    message: page.state === "accepted" ? CLEANER_HOME_TEXT.accepted : CLEANER_HOME_TEXT.declined,
  };
}
