import type { Kysely } from "kysely";
import { firstName } from "~/features/assignments/offer-format";
import { getProofOfClean } from "~/features/settings/job-checklist-setting.service.server";
import type { Database } from "~/server/database";
import { findChecklistsOf, findSeatsOfBookings } from "./job-visits.repository.server";
import { findPhotosOfBookings } from "./job-photos.repository.server";
import { jobPhotoLines, type CustomerVisit } from "./job-visits";

// docs/decisions/0068-job-visits.md: My Bookings shows "on the way" and "in progress" while the
// crew works, and after the job its completed checklist when "Show customers proof of clean" is
// on. Cleaners appear by first name only, and no location or time sheet is shown.

export async function getCustomerVisits(
  db: Kysely<Database>,
  bookings: readonly { id: string; status: string }[],
): Promise<Map<string, CustomerVisit>> {
  const ids = bookings.filter((booking) => booking.status !== "cancelled").map((b) => b.id);
  const visits = new Map<string, CustomerVisit>();
  if (ids.length === 0) return visits;
  const completed = new Set(bookings.filter((b) => b.status === "completed").map((b) => b.id));
  const [seats, proofShown] = await Promise.all([
    findSeatsOfBookings(db, ids),
    getProofOfClean(db),
  ]);
  const [checklists, photos] = proofShown
    ? await Promise.all([
        findChecklistsOf(db, [...completed]),
        findPhotosOfBookings(db, [...completed]),
      ])
    : [[], []];
  for (const id of ids) {
    const crew = seats.filter((seat) => seat.booking_id === id && seat.status === "accepted");
    const inside = crew.some((seat) => seat.checked_in_at && !seat.checked_out_at);
    const coming = crew.filter((seat) => seat.on_my_way_at && !seat.checked_in_at);
    const live = completed.has(id)
      ? null
      : inside
        ? "Your clean is in progress"
        : coming.length > 0
          ? `${coming.map((seat) => firstName(seat.cleaner_name)).join(" and ")} ${coming.length > 1 ? "are" : "is"} on the way`
          : null;
    const items = checklists.filter((item) => item.booking_id === id);
    const proof =
      items.length > 0
        ? items.map((item) => ({
            label: item.label,
            done: item.ticked_at !== null,
            reason: item.ticked_at ? null : item.skip_reason,
          }))
        : null;
    // docs/decisions/0087-job-photos-and-on-my-way-texts.md: the after photos join the proof.
    const afterPhotos = jobPhotoLines(
      photos.filter((photo) => photo.booking_id === id && photo.stage === "after"),
    );
    if (live || proof || afterPhotos.length > 0) visits.set(id, { live, proof, afterPhotos });
  }
  return visits;
}
