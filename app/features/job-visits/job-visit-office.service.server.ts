import type { Kysely } from "kysely";
import { distanceKm } from "~/features/availability/distance";
import type { Database } from "~/server/database";
import { checklistLines, problemLines } from "./job-visit-view.service.server";
import {
  findBookingsOfQuote,
  findChecklist,
  findProblems,
  findSeatsOfBookings,
} from "./job-visits.repository.server";
import {
  CHECK_IN_PLACE_LABELS,
  checkInPlace,
  formatMinutes,
  minutesBetween,
  SEAT_STATUS_LABELS,
  seatStatus,
  type OfficeVisit,
} from "./job-visits";
import { jobPhotoLines, visitClock } from "./job-visits";
import { findPhotosOfBookings } from "./job-photos.repository.server";

// What the office sees of a job's visit (docs/decisions/0068-job-visits.md): each seat's status
// and times, whether check-in was near the address (never the position itself), the checklist
// with who ticked what, the problems and the actual hours.

/** The visit of a quote's latest booking that has seats; null before anyone was offered it. */
export async function getOfficeVisit(
  db: Kysely<Database>,
  quoteId: string,
): Promise<OfficeVisit | null> {
  const bookings = await findBookingsOfQuote(db, quoteId);
  const booking = bookings.filter((row) => row.status !== "cancelled").at(-1);
  if (!booking) return null;
  const [seats, checklist, problems, photos] = await Promise.all([
    findSeatsOfBookings(db, [booking.id]),
    findChecklist(db, booking.id),
    findProblems(db, [booking.id]),
    findPhotosOfBookings(db, [booking.id]),
  ]);
  if (seats.length === 0) return null;
  return {
    actualHours: booking.actual_minutes === null ? null : formatMinutes(booking.actual_minutes),
    seats: seats.map((row) => {
      const status = seatStatus({ ...row, problems: Number(row.problems ?? 0) });
      return {
        seat: row.seat,
        cleaner: row.cleaner_name,
        status,
        statusLabel: SEAT_STATUS_LABELS[status],
        onMyWay: row.on_my_way_at && visitClock(row.on_my_way_at),
        checkedIn: row.checked_in_at && visitClock(row.checked_in_at),
        checkedOut: row.checked_out_at && visitClock(row.checked_out_at),
        place: row.checked_in_at
          ? CHECK_IN_PLACE_LABELS[
              checkInPlace(
                {
                  lat: row.check_in_lat,
                  lng: row.check_in_lng,
                  accuracyM: row.check_in_accuracy_m,
                },
                booking,
                distanceKm,
              )
            ]
          : null,
        onSite:
          row.checked_in_at && row.checked_out_at
            ? formatMinutes(minutesBetween(row.checked_in_at, row.checked_out_at))
            : null,
        photos: jobPhotoLines(photos.filter((photo) => photo.assignment_id === row.id)),
      };
    }),
    checklist: checklistLines(checklist),
    problems: problemLines(problems, (name) => name),
  };
}
