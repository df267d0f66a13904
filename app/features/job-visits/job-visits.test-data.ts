import type { Kysely } from "kysely";
import { assignCleaner } from "~/features/assignments/assignments.service.server";
import { answerOfferInApp } from "~/features/cleaner-app/cleaner-jobs.service.server";
import { offerJob, PUBLIC_URL } from "~/features/cleaner-app/cleaner-app.test-data";
import type { Database } from "~/server/database";

// Accepted jobs for the visit tests, made as staff and cleaners make them: a booked quote, an
// offer through Assign Cleaner, accepted in the app.

export { PUBLIC_URL };

/** A booked job in Mosman (client "Client n Smith") whose seat `cleanerId` accepted. */
export async function acceptedJob(
  db: Kysely<Database>,
  input: {
    n: number;
    cleanerId: string;
    date: string;
    timeSlot: string;
    now: Date;
    crewSize?: number;
  },
) {
  const job = await offerJob(db, input);
  // The crew is set before accepting, so the job is "assigned" only once every seat is taken.
  await db
    .updateTable("bookings")
    .set({ crew_size: input.crewSize ?? 1, lat: -33.829, lng: 151.244 })
    .where("id", "=", job.bookingId)
    .execute();
  await accept(db, input.cleanerId, job.assignmentId, input.now);
  return job;
}

/** Offers the job's next seat to `cleanerId`, who accepts it in the app. */
export async function addCrewMate(
  db: Kysely<Database>,
  job: { quoteId: string },
  input: { cleanerId: string; date: string; timeSlot: string; now: Date },
) {
  const offered = await assignCleaner(
    db,
    {
      quoteId: job.quoteId,
      cleanerId: input.cleanerId,
      date: input.date,
      timeSlot: input.timeSlot as "09:00",
    },
    { actor: { type: "staff", id: "staff-1" }, publicUrl: PUBLIC_URL, now: input.now },
  );
  if (!offered.ok) throw new Error(offered.message);
  await accept(db, input.cleanerId, offered.assignmentId!, input.now);
  return offered.assignmentId!;
}

async function accept(db: Kysely<Database>, cleanerId: string, assignmentId: string, now: Date) {
  const answered = await answerOfferInApp(
    db,
    cleanerId,
    { assignmentId, answer: "accept" },
    { publicUrl: PUBLIC_URL, ip: null, now },
  );
  if (!answered.ok) throw new Error(answered.message);
}
