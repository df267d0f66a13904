import { z } from "zod";
import type { JobHandler } from "~/features/outbox/job-handlers.server";
import { chargeVisit } from "./card-charges.service.server";

// The outbox job that charges a saved card after a visit
// (docs/decisions/0074-saved-cards-and-off-session-charges.md), listed in app/jobs.server.ts.
// At least once, like every job: chargeVisit claims (booking, attempt) once and the provider's
// idempotency key makes a repeated call the same charge.

const ChargePayload = z.object({ bookingId: z.string().min(1), attempt: z.number().int().min(1) });

export const cardChargeJob: JobHandler = async (job, { db, config, logger }) => {
  const parsed = ChargePayload.safeParse(job.payload);
  if (!parsed.success) {
    logger.warn({ jobId: job.id }, "card charge job without a booking");
    return;
  }
  const result = await chargeVisit(db, parsed.data, { config });
  if (result !== "skipped") logger.info({ jobId: job.id, result }, "saved card charged");
};
