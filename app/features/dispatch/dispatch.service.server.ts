import type { Kysely } from "kysely";
import type { AssignResult } from "~/features/assignments/assignments";
import { assignCleaner } from "~/features/assignments/assignments.service.server";
import { minutesOnSite } from "~/features/bookings/slot-fit";
import { seatVisitOf } from "~/features/job-visits/job-visits";
import type { QuoteActor } from "~/features/quote/quote-lifecycle.service.server";
import { scheduleDays, SERVICE_NAMES, type ScheduleView } from "~/features/schedule/schedule";
import { failure, fieldFailure } from "~/lib/result";
import { sydneyDate } from "~/lib/sydney-time";
import type { Database } from "~/server/database";
import {
  DISPATCH_TEXT,
  type CleanerJob,
  type DispatchBoard,
  type DispatchCleaner,
  type DispatchJob,
  type OfferSeatInput,
  type SeatVisit,
} from "./dispatch";
import {
  findBoardCleaners,
  findBoardJobs,
  findBookingForSeat,
  findLiveOffersOfQuote,
  findTimeOffBetween,
} from "./dispatch.repository.server";

type JobRow = Awaited<ReturnType<typeof findBoardJobs>>[number];

/** The jobs of the rows (one per booking), and each cleaner's live offers among them. */
function gatherJobs(rows: JobRow[]) {
  const jobs = new Map<string, DispatchJob & { confirmed: boolean }>();
  const offers: {
    cleanerId: string;
    bookingId: string;
    status: "pending" | "accepted";
    visit: SeatVisit;
  }[] = [];
  for (const row of rows) {
    let job = jobs.get(row.id);
    if (!job) {
      const crewSize = Math.max(1, Number(row.crew_size));
      const hours = row.estimated_hours === null ? 0 : Number(row.estimated_hours);
      job = {
        bookingId: row.id,
        quoteId: row.quote_id,
        reference: row.reference,
        date: row.scheduled_date,
        slot: row.time_slot,
        minutesOnSite: minutesOnSite({ hours, cleaners: crewSize }),
        suburb: row.suburb || "Suburb not given",
        service: SERVICE_NAMES[row.service_type] ?? row.service_type,
        crewSize,
        offered: 0,
        accepted: 0,
        openSeats: crewSize,
        problem: false,
        confirmed: row.status === "confirmed",
      };
      jobs.set(row.id, job);
    }
    if (row.cleaner_id && (row.offer_status === "pending" || row.offer_status === "accepted")) {
      if (row.offer_status === "accepted") job.accepted += 1;
      else job.offered += 1;
      job.openSeats = Math.max(0, job.crewSize - job.accepted - job.offered);
      const problems = Number(row.problems ?? 0);
      if (problems > 0) job.problem = true;
      offers.push({
        cleanerId: row.cleaner_id,
        bookingId: row.id,
        status: row.offer_status,
        visit: seatVisitOf({ ...row, status: row.offer_status, problems }),
      });
    }
  }
  return { jobs, offers };
}

/**
 * docs/product/cleaner-assignments.md#dispatch-board: a day or a week of confirmed jobs by
 * cleaner. Three queries whatever the view (the week is always read, so a day still knows each
 * cleaner's week): the cleaners, the week's bookings with their live offers, the week's time off.
 * Hours are read only for a role that sees pay figures (docs/decisions/0044-figures-by-permission.md).
 */
export async function getDispatchBoard(
  db: Kysely<Database>,
  input: { view: ScheduleView; date: string; now: Date; showsHours: boolean },
): Promise<DispatchBoard> {
  const week = scheduleDays("week", input.date);
  const days = input.view === "day" ? [input.date] : week;
  const [from, to] = [week[0]!, week[6]!];
  const cleanerRows = await findBoardCleaners(db);
  const jobRows = await findBoardJobs(db, from, to);
  const timeOffRows = await findTimeOffBetween(db, from, to);

  const { jobs, offers } = gatherJobs(jobRows);
  const shown = new Set(days);
  const publicJob = ({ confirmed: _confirmed, ...job }: DispatchJob & { confirmed: boolean }) =>
    job;
  const byCleaner = new Map<string, CleanerJob[]>();
  const weekMinutes = new Map<string, number>();
  for (const offer of offers) {
    const job = jobs.get(offer.bookingId)!;
    if (offer.status === "accepted") {
      weekMinutes.set(offer.cleanerId, (weekMinutes.get(offer.cleanerId) ?? 0) + job.minutesOnSite);
    }
    if (!shown.has(job.date)) continue;
    const list = byCleaner.get(offer.cleanerId) ?? [];
    list.push({ ...publicJob(job), offer: offer.status, visit: offer.visit });
    byCleaner.set(offer.cleanerId, list);
  }
  const timeOffOf = new Map<string, DispatchCleaner["timeOff"]>();
  for (const spell of timeOffRows) {
    const list = timeOffOf.get(spell.cleaner_id) ?? [];
    list.push({ startsOn: spell.starts_on, endsOn: spell.ends_on });
    timeOffOf.set(spell.cleaner_id, list);
  }
  const cleaners = cleanerRows.map((row): DispatchCleaner => {
    const status = row.status as DispatchCleaner["status"];
    const cleaner: DispatchCleaner = {
      id: row.id,
      name: row.name,
      status,
      takesJobs: status === "available" || status === "busy",
      timeOff: timeOffOf.get(row.id) ?? [],
      jobs: byCleaner.get(row.id) ?? [],
    };
    if (input.showsHours) cleaner.weekHours = (weekMinutes.get(row.id) ?? 0) / 60;
    return cleaner;
  });
  const needsCleaners = [...jobs.values()]
    .filter((job) => job.confirmed && job.openSeats > 0 && shown.has(job.date))
    .map(publicJob);
  return {
    view: input.view,
    date: input.date,
    today: sydneyDate(input.now),
    days,
    needsCleaners,
    cleaners,
    showsHours: input.showsHours,
  };
}

type OfferContext = { actor: QuoteActor & { ip?: string | null }; publicUrl: string; now?: Date };

/**
 * A job dropped on a cleaner, or chosen in Offer to…: the cleaner is offered the job's next open
 * seat through the Assign Cleaner panel's own offer (assignCleaner), so the same checks, email,
 * deadline and audit entry follow. Refused here first, for a quick answer, what the board knows
 * better: a job no longer waiting, a crew already offered in full, or a cleaner already on it;
 * the offer's transaction checks again that a seat is still open (`openSeatOnly`), so two drops
 * at once never withdraw each other's offers.
 */
export async function offerNextSeat(
  db: Kysely<Database>,
  input: OfferSeatInput,
  ctx: OfferContext,
): Promise<AssignResult> {
  const booking = await findBookingForSeat(db, input.bookingId);
  if (!booking || booking.status !== "confirmed")
    return failure("not_found", DISPATCH_TEXT.jobGone);
  const offers = await findLiveOffersOfQuote(db, booking.quote_id);
  const onIt = offers.find((offer) => offer.cleaner_id === input.cleanerId);
  if (onIt) {
    return fieldFailure("conflict", "cleanerId", DISPATCH_TEXT.alreadyOnIt(onIt.cleaner_name));
  }
  if (offers.length >= Math.max(1, Number(booking.crew_size))) {
    return failure("conflict", DISPATCH_TEXT.crewFull);
  }
  const result = await assignCleaner(
    db,
    {
      quoteId: booking.quote_id,
      cleanerId: input.cleanerId,
      date: booking.scheduled_date,
      timeSlot: booking.time_slot as Parameters<typeof assignCleaner>[1]["timeSlot"],
    },
    { ...ctx, openSeatOnly: true },
  );
  return result.ok ? { ok: true, message: result.message } : result;
}
