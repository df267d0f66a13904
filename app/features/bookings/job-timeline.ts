import { z } from "zod";
import { jsonColumnOr } from "~/lib/json-column";
import { formatShortDate, formatTimeSlot } from "~/lib/format";

// What the lead's timeline says about changes to its job and its cleaner
// (docs/decisions/0041-cleaners-hear-of-job-changes.md). Each is an audit entry on the quote,
// written in the transaction that makes the change; the leads feature reads them back here.

export const LEAD_BOOKING_RESCHEDULED = "lead.booking_rescheduled";
export const LEAD_BOOKING_CANCELLED = "lead.booking_cancelled";
export const LEAD_CLEANER_REASKED = "lead.cleaner_reasked";
export const LEAD_CLEANER_RELEASED = "lead.cleaner_released";

const When = z.object({ date: z.string(), timeSlot: z.string() });
const Details = z
  .object({
    from: When,
    to: When,
    by: z.enum(["customer", "staff"]),
    cleanerName: z.string(),
    reason: z.string(),
  })
  .partial();

const at = (when: z.infer<typeof When>) =>
  `${formatShortDate(when.date)} at ${formatTimeSlot(when.timeSlot)}`;
const byWhom = (by: string | undefined) => (by ? ` by the ${by}` : "");

/** The timeline's line for one of these entries; null for any other action. */
export function jobChangeTitle(action: string, details: string | null): string | null {
  const read = (): z.infer<typeof Details> => jsonColumnOr(Details, details, {});
  switch (action) {
    case LEAD_BOOKING_RESCHEDULED: {
      const { from, to, by } = read();
      return from && to
        ? `Booking moved${byWhom(by)} from ${at(from)} to ${at(to)}`
        : "Booking moved";
    }
    case LEAD_BOOKING_CANCELLED: {
      const { from, by } = read();
      return `Booking${from ? ` for ${at(from)}` : ""} cancelled${byWhom(by)}`;
    }
    case LEAD_CLEANER_REASKED: {
      const { cleanerName, to } = read();
      return `${cleanerName ?? "The cleaner"} asked again${to ? ` for ${at(to)}` : ""}`;
    }
    case LEAD_CLEANER_RELEASED: {
      const { cleanerName, reason } = read();
      return `${cleanerName ?? "The cleaner"} released from the job${reason ? `: ${reason}` : ""}`;
    }
    default:
      return null;
  }
}
