import type { getJobChecklists } from "~/features/settings/job-checklist-setting.service.server";
import { newId } from "~/lib/ids";
import type { NewAssignment, NewBooking } from "~/server/database";
import type { JobChecklistItemsTable, JobProblemsTable } from "~/server/tables/bookings";
import { DEMO_CLEANER_EMAIL } from "./demo-cleaner-login.server";
import type { SeedContext } from "./seed-rows";

// The demo cleaner's app shows every state a job can be in
// (docs/decisions/0087-job-photos-and-on-my-way-texts.md): an open offer, an accepted job ahead,
// one on the way, one in progress (checked in, part of the list ticked) and one with a problem
// reported, beside the done jobs and the time off the rest of the seed gives them. The jobs are
// the seed's own live bookings, the soonest first; one that is another cleaner's moves to the
// demo cleaner only where they are free, so no one is booked twice.

const MINUTE = 60_000;

export type DemoCleanerDayRows = {
  checklist: JobChecklistItemsTable[];
  problems: JobProblemsTable[];
};

type Seat = NewAssignment & { id: string; booking_id: string };
/** The business's checklist of each cleaning level, as Settings keeps them. */
type Checklists = Awaited<ReturnType<typeof getJobChecklists>>;

export function stageDemoCleanerDay(ctx: SeedContext, checklists: Checklists): DemoCleanerDayRows {
  const rows: DemoCleanerDayRows = { checklist: [], problems: [] };
  const demo = ctx.cleaners.find((c) => c.row.email === DEMO_CLEANER_EMAIL);
  if (!demo) return rows;
  const taken = new Set<string>();
  const take = (status: "pending" | "accepted") => {
    const seat = seatFor(ctx, demo.row.id, status, taken);
    if (seat) taken.add(seat.id);
    return seat;
  };
  const at = (minutesAgo: number) =>
    new Date(ctx.now.getTime() - minutesAgo * MINUTE).toISOString();
  take("pending");
  const onTheWay = take("accepted");
  const inProgress = take("accepted");
  const withProblem = take("accepted");
  take("accepted");

  // The booking keeps when its crew first set off, as the "On my way" step claims it.
  const setOff = (seat: Seat, minutesAgo: number) => {
    seat.on_my_way_at = at(minutesAgo);
    const booking = ctx.rows.bookings.find((b) => b.id === seat.booking_id);
    if (booking && !(booking.crew_set_off_at && booking.crew_set_off_at < seat.on_my_way_at)) {
      booking.crew_set_off_at = seat.on_my_way_at;
    }
  };
  if (onTheWay) setOff(onTheWay, 10);
  if (inProgress) {
    setOff(inProgress, 75);
    inProgress.checked_in_at = at(45);
    rows.checklist.push(...partlyTicked(ctx, checklists, inProgress, demo.row.id, at(20)));
  }
  if (withProblem) {
    setOff(withProblem, 150);
    withProblem.checked_in_at = at(120);
    rows.problems.push({
      id: newId(),
      booking_id: withProblem.booking_id,
      assignment_id: withProblem.id,
      kind: "damage",
      details: "A chip on the bathroom vanity's edge, there before we started.",
      created_at: at(100),
    });
  }
  return rows;
}

/**
 * The soonest live seat of `status` on a confirmed booking from today on that is the demo
 * cleaner's own, or a crew-of-one seat of another cleaner's moved to them where they are free.
 */
function seatFor(
  ctx: SeedContext,
  cleanerId: string,
  status: "pending" | "accepted",
  taken: Set<string>,
): Seat | null {
  const bookings = new Map(ctx.rows.bookings.map((booking) => [booking.id, booking]));
  const candidates = (ctx.rows.assignments as Seat[])
    .filter((seat) => seat.status === status && !taken.has(seat.id))
    .map((seat) => ({ seat, booking: bookings.get(seat.booking_id) }))
    .filter(
      (pair): pair is { seat: Seat; booking: NewBooking & { id: string } } =>
        pair.booking?.status === "confirmed" && pair.booking.scheduled_date >= ctx.today,
    )
    .sort((a, b) =>
      `${a.booking.scheduled_date} ${a.booking.time_slot}`.localeCompare(
        `${b.booking.scheduled_date} ${b.booking.time_slot}`,
      ),
    );
  for (const { seat, booking } of candidates) {
    if (seat.cleaner_id === cleanerId) return seat;
    if (Number(booking.crew_size ?? 1) !== 1) continue;
    if (moveSeat(ctx, seat, booking, cleanerId)) return seat;
  }
  return null;
}

/** Gives the seat and its hold to `to` when their calendar and time off leave room for it. */
function moveSeat(ctx: SeedContext, seat: Seat, booking: NewBooking & { id: string }, to: string) {
  const calendars = ctx.crews.calendars;
  const from = calendars.find((c) => c.id === seat.cleaner_id);
  const target = calendars.find((c) => c.id === to);
  const hold = from?.holds.find((h) => h.bookingId === booking.id);
  if (!from || !target || !hold) return false;
  const clash = target.holds.some(
    (h) => h.startsMinute < hold.blockedUntilMinute && hold.startsMinute < h.blockedUntilMinute,
  );
  const away = ctx.crews.timeOff.some(
    (off) =>
      off.cleaner_id === to &&
      off.starts_on <= booking.scheduled_date &&
      booking.scheduled_date <= off.ends_on,
  );
  if (clash || away) return false;
  from.holds = from.holds.filter((h) => h !== hold);
  target.holds.push(hold);
  const crew = ctx.cleaners.find((c) => c.row.id === to)!;
  ctx.crews.byBooking.set(booking.id, [crew]);
  seat.cleaner_id = to;
  return true;
}

/** The job's list as the crew's first visit copies it, its first half ticked by the cleaner. */
function partlyTicked(
  ctx: SeedContext,
  checklists: Checklists,
  seat: Seat,
  cleanerId: string,
  tickedAt: string,
) {
  const booking = ctx.rows.bookings.find((b) => b.id === seat.booking_id);
  const quote = ctx.rows.quotes.find((q) => q.id === booking?.quote_id);
  const level = (quote?.cleaning_level ?? "basic") as keyof Checklists;
  const labels = checklists[level] ?? checklists.basic;
  const ticked = Math.ceil(labels.length / 2);
  return labels.map((label, index) => ({
    id: newId(),
    booking_id: seat.booking_id,
    position: index + 1,
    label,
    source: "level" as const,
    ticked_by: index < ticked ? cleanerId : null,
    ticked_at: index < ticked ? tickedAt : null,
    skip_reason: null,
    created_at: seat.checked_in_at ?? tickedAt,
  }));
}
