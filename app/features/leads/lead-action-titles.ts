import { z } from "zod";
import { CREW_TEXT, LEAD_CREW_SIZE_CHANGED } from "~/features/assignments/assignments";
import { jobChangeTitle } from "~/features/bookings/job-timeline";
import { INVOICE_ISSUED } from "~/features/invoices/invoice.service.server";
import { jsonColumnOr } from "~/lib/json-column";
import { REVIEW_REQUESTED } from "~/features/review-requests/review-request.service.server";
import { LEAD_JOB_COMPLETED } from "./complete-job.server";
import { LEAD_MESSAGE_SENT } from "./lead-message.server";
import { formatMoney } from "~/lib/format";
import {
  JOB_CHECKED_IN,
  JOB_CHECKED_OUT,
  JOB_ON_MY_WAY,
  JOB_PHOTO_ADDED,
  JOB_PHOTO_DELETED,
  JOB_PROBLEM_REPORTED,
  PROBLEM_LABELS,
  type ProblemKind,
} from "~/features/job-visits/job-visits";

const AuditDetails = z.record(z.string(), z.unknown());

/** How the lead's timeline names the row actions' and job changes' audit entries; null for another action. */
export function leadActionTitle(action: string, details: string | null): string | null {
  const read = (): Record<string, unknown> => jsonColumnOr(AuditDetails, details, {});
  switch (action) {
    case INVOICE_ISSUED: {
      const { number, amountCents } = read();
      const amount = typeof amountCents === "number" ? ` (${formatMoney(amountCents)})` : "";
      return `Invoice ${typeof number === "string" ? number : ""} issued${amount}`;
    }
    case REVIEW_REQUESTED:
      return "Review requested";
    case LEAD_MESSAGE_SENT: {
      const { subject } = read();
      return typeof subject === "string" ? `Message sent: ${subject}` : "Message sent";
    }
    case LEAD_JOB_COMPLETED:
      return "Job completed";
    case LEAD_CREW_SIZE_CHANGED: {
      const { from, to } = read();
      return typeof from === "number" && typeof to === "number"
        ? CREW_TEXT.timeline(from, to)
        : "Crew size changed";
    }
    case JOB_ON_MY_WAY:
    case JOB_CHECKED_IN:
    case JOB_CHECKED_OUT:
    case JOB_PROBLEM_REPORTED:
    case JOB_PHOTO_ADDED:
    case JOB_PHOTO_DELETED:
      return visitTitle(action, read());
    default:
      // Reschedules, cancellations and the cleaner asked again or released.
      return jobChangeTitle(action, details);
  }
}

/** docs/decisions/0068-job-visits.md: a crew member's step from the app, on the lead's timeline. */
function visitTitle(action: string, details: Record<string, unknown>) {
  const seat = typeof details.seat === "number" ? `Seat ${details.seat}` : "A cleaner";
  switch (action) {
    case JOB_ON_MY_WAY:
      return `${seat}: on the way`;
    case JOB_CHECKED_IN:
      return `${seat}: checked in${details.located ? "" : " (no location)"}`;
    case JOB_CHECKED_OUT:
      return `${seat}: checked out`;
    case JOB_PHOTO_ADDED:
      return `${seat}: ${details.stage === "after" ? "after" : "before"} photo added`;
    case JOB_PHOTO_DELETED:
      return `${seat}: photo deleted`;
    default: {
      const kind = PROBLEM_LABELS[details.kind as ProblemKind] ?? "Problem";
      const text = typeof details.details === "string" ? `: ${details.details}` : "";
      return `${seat}: problem reported, ${kind}${text}`;
    }
  }
}
