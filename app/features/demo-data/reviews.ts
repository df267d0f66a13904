import { newId } from "~/lib/ids";
import type { NewReview } from "~/server/database";
import { FIRST_NAMES, HOME_TESTIMONIALS, LAST_NAMES, REVIEW_COMMENTS } from "./people";
import type { SeedContext } from "./seed-rows";
import { addHours } from "~/lib/sydney-time";

// Every client is asked for a review, whatever they thought (docs/decisions/0023-honest-reviews.md: no gating), so ratings vary.
// Reviews of seeded jobs are verified; a few new website reviews wait for staff to verify them.

const HOME_SUBURBS = ["Mosman", "Double Bay", "Balmain", "Manly", "Surry Hills"];
const DAY_MS = 86_400_000;

export function addReviews(ctx: SeedContext) {
  const { random, now } = ctx;
  const ratingRoll = () =>
    random.weighted([
      [5, 65],
      [4, 27],
      [3, 6],
      [2, 2],
    ] as const);
  const push = (review: Omit<NewReview, "id" | "updated_at">) =>
    ctx.rows.reviews.push({
      id: newId(),
      updated_at: review.created_at,
      ...review,
    });

  // The home page's five (docs/decisions/0023-honest-reviews.md: staff picked them from verified reviews).
  HOME_TESTIMONIALS.forEach((testimonial, index) => {
    push({
      client_name: `${FIRST_NAMES[index * 7]} ${LAST_NAMES[index * 5]![0]}.`,
      location: HOME_SUBURBS[index]!,
      rating: testimonial.rating,
      comment: testimonial.comment,
      verified: 1,
      show_on_home: 1,
      service_label: testimonial.service,
      created_at: new Date(now.getTime() - (150 + index * 40) * DAY_MS).toISOString(),
    });
  });

  for (const job of ctx.completedJobs) {
    const writtenAt = addHours(job.completedAt, random.int(4, 120));
    if (writtenAt > now || !random.chance(0.55)) continue;
    const rating = ratingRoll();
    push({
      client_name: `${job.lead.firstName} ${job.lead.lastName[0]}.`,
      location: job.lead.suburb[0],
      rating,
      comment: random.pick(REVIEW_COMMENTS[rating]!),
      verified: 1,
      show_on_home: 0,
      service_label: job.lead.serviceLabel,
      cleaner_id: job.cleaner.row.id,
      quote_id: job.lead.quote.id,
      created_at: writtenAt.toISOString(),
    });
  }

  // Reviews from before the seeded months, so every working cleaner has a track record.
  for (const cleaner of ctx.cleaners.filter((c) => c.row.status !== "pending_review")) {
    const joined = new Date(cleaner.row.created_at).getTime();
    for (let i = random.int(2, 5); i > 0; i--) {
      const rating = ratingRoll();
      push({
        client_name: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)[0]}.`,
        rating,
        comment: random.pick(REVIEW_COMMENTS[rating]!),
        verified: 1,
        show_on_home: 0,
        service_label: random.pick(["Deep Clean", "Basic Clean", "Premium Clean", "End of Lease"]),
        cleaner_id: cleaner.row.id,
        created_at: new Date(
          joined + random.next() * (now.getTime() - 125 * DAY_MS - joined),
        ).toISOString(),
      });
    }
  }

  for (let i = 0; i < 4; i++) {
    const rating = ratingRoll();
    push({
      client_name: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)[0]}.`,
      rating,
      comment: random.pick(REVIEW_COMMENTS[rating]!),
      verified: 0,
      show_on_home: 0,
      created_at: new Date(now.getTime() - random.int(1, 10) * DAY_MS).toISOString(),
    });
  }
}

/** Ratings and job counts on the cleaner cards follow from the seeded reviews and jobs. */
export function settleCleanerFigures(ctx: SeedContext) {
  for (const cleaner of ctx.cleaners) {
    const ratings = ctx.rows.reviews
      .filter((r) => r.cleaner_id === cleaner.row.id && r.verified === 1)
      .map((r) => r.rating);
    cleaner.row.rating = ratings.length
      ? Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10
      : 0;
    const seededJobs = ctx.completedJobs.filter((job) => job.cleaner === cleaner).length;
    const earlierJobs =
      cleaner.row.status === "pending_review"
        ? 0
        : ctx.random.int(ratings.length + 10, ratings.length + 150);
    cleaner.row.completed_jobs = earlierJobs + seededJobs;
  }
}
