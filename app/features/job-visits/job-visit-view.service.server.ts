import type { Kysely } from "kysely";
import { firstName } from "~/features/assignments/offer-format";
import { getJobChecklists } from "~/features/settings/job-checklist-setting.service.server";
import { bookingAddressLine } from "~/lib/booking-address";
import { formatLongDate, formatTimeSlot } from "~/lib/format";
import { newId } from "~/lib/ids";
import { addMinutes, sydneyClock, sydneyInstant } from "~/lib/sydney-time";
import { minutesOnSite } from "~/features/bookings/slot-fit";
import type { Database } from "~/server/database";
import { jobPhotoLines, visitClock } from "./job-visits";
import { findPhotosOfBookings } from "./job-photos.repository.server";
import { auditByCleaner } from "./job-visit-audit.server";
import {
  findChecklist,
  findOwnSeat,
  findProblems,
  findSeatsOfBookings,
  insertChecklistItems,
} from "./job-visits.repository.server";
import {
  contactWindowOpen,
  JOB_CONTACT_VIEWED,
  mapsLink,
  PROBLEM_LABELS,
  SEAT_STATUS_LABELS,
  seatStatus,
  type ChecklistLine,
  type JobVisitView,
  type ProblemKind,
} from "./job-visits";

// The cleaner's page of one accepted job (docs/decisions/0068-job-visits.md). Only the
// session's own seat opens it; the client's phone and exact address only inside the window,
// and each time they are shown an audit entry says who saw them.

export type OwnSeat = NonNullable<Awaited<ReturnType<typeof findOwnSeat>>>;

/** When the job starts and ends on site (a crew member's share of the hours). */
export function jobSpan(
  seat: Pick<OwnSeat, "scheduled_date" | "time_slot" | "estimated_hours" | "crew_size">,
) {
  const start = sydneyInstant(seat.scheduled_date, seat.time_slot);
  const minutes = minutesOnSite({
    hours: Number(seat.estimated_hours ?? 0),
    cleaners: seat.crew_size,
  });
  return { start, end: addMinutes(start, minutes) };
}

/** Copies the level's list and the staff notes' lines onto the job, the first time it is opened. */
async function ensureChecklist(db: Kysely<Database>, seat: OwnSeat, now: Date) {
  const existing = await findChecklist(db, seat.booking_id);
  if (existing.length > 0) return existing;
  const lists = await getJobChecklists(db);
  const fromLevel = lists[seat.cleaning_level ?? "basic"];
  const fromNotes = (seat.staff_notes ?? "")
    .split(/\r?\n/)
    .map((line) => line.replace(/^[-*•]\s*/, "").trim())
    .filter(Boolean)
    .slice(0, 10);
  const at = now.toISOString();
  await insertChecklistItems(
    db,
    [
      ...fromLevel.map((label, i) => ({ label, source: "level" as const, position: i + 1 })),
      ...fromNotes.map((label, i) => ({
        label,
        source: "notes" as const,
        position: fromLevel.length + i + 1,
      })),
    ].map((row) => ({ ...row, id: newId(), booking_id: seat.booking_id, created_at: at })),
  );
  return findChecklist(db, seat.booking_id);
}

/** The problems as the job page and the office list them; `name` shortens the reporter's name. */
export function problemLines(
  rows: Awaited<ReturnType<typeof findProblems>>,
  name: (full: string) => string,
) {
  return rows.map((problem) => ({
    kind: PROBLEM_LABELS[problem.kind as ProblemKind] ?? problem.kind,
    details: problem.details,
    at: visitClock(problem.created_at),
    by: name(problem.cleaner_name),
  }));
}

export function checklistLines(rows: Awaited<ReturnType<typeof findChecklist>>): ChecklistLine[] {
  return rows.map((row) => ({
    id: row.id,
    label: row.label,
    fromNotes: row.source === "notes",
    tickedBy:
      row.ticked_at && row.ticked_by_name
        ? `Ticked by ${firstName(row.ticked_by_name)} at ${visitClock(row.ticked_at)}`
        : null,
    skipReason: row.skip_reason,
  }));
}

/** The cleaner's own accepted job, or null for a job that is not theirs (the route answers 404). */
export async function loadJobVisit(
  db: Kysely<Database>,
  cleanerId: string,
  assignmentId: string,
  ctx: { now?: Date; ip: string | null },
): Promise<JobVisitView | null> {
  const now = ctx.now ?? new Date();
  const seat = await findOwnSeat(db, cleanerId, assignmentId);
  if (!seat) return null;
  const [seats, problems, checklist, photos] = await Promise.all([
    findSeatsOfBookings(db, [seat.booking_id]),
    findProblems(db, [seat.booking_id]),
    ensureChecklist(db, seat, now),
    findPhotosOfBookings(db, [seat.booking_id]),
  ]);
  const { start, end } = jobSpan(seat);
  const open = contactWindowOpen(start, end, now);
  if (open) {
    await auditByCleaner(db, {
      cleanerId,
      action: JOB_CONTACT_VIEWED,
      subjectType: "booking",
      subjectId: seat.booking_id,
      at: now.toISOString(),
      ip: ctx.ip,
    });
  }
  const mine = seats.find((row) => row.id === seat.id);
  const status = seatStatus({ ...seat, status: "accepted", problems: Number(mine?.problems ?? 0) });
  const address = bookingAddressLine(seat);
  return {
    assignmentId: seat.id,
    reference: seat.booking_reference,
    day: formatLongDate(seat.scheduled_date),
    time: `${formatTimeSlot(seat.time_slot)} – ${formatTimeSlot(sydneyClock(end))}`,
    suburb: seat.suburb ?? "",
    contact: open
      ? {
          address,
          mapsUrl: mapsLink(address),
          clientFirstName: firstName(seat.client_name),
          phone: seat.client_phone,
        }
      : null,
    notes: seat.staff_notes,
    level: seat.cleaning_level,
    crew: seats.map((row) => {
      const rowStatus = seatStatus({ ...row, problems: Number(row.problems ?? 0) });
      return {
        seat: row.seat,
        firstName: firstName(row.cleaner_name),
        status: rowStatus,
        statusLabel: SEAT_STATUS_LABELS[rowStatus],
        mine: row.id === seat.id,
      };
    }),
    checklist: checklistLines(checklist),
    problems: problemLines(problems, firstName),
    seat: {
      status,
      onMyWayAt: seat.on_my_way_at,
      checkedInAt: seat.checked_in_at,
      checkedOutAt: seat.checked_out_at,
    },
    jobCompleted: seat.booking_status === "completed",
    photos: jobPhotoLines(photos.filter((photo) => photo.assignment_id === seat.id)),
  };
}
