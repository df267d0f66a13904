import type { CrewView } from "~/features/assignments/assignments";
import type { OfficeVisit } from "~/features/job-visits/job-visits";
import type { LeadStatus, QuoteStatus } from "~/server/database";
import type { Stamp } from "./lead-format";
import type { SpaceLine } from "./space-details";

// What the quote details dialog and /admin/quotes/{id} show (docs/product/back-office.md#lead-management).

export type TimelineEntry = {
  at: Stamp;
  title: string;
  detail?: string;
  /** A failure staff should notice (the spec's delivery messages). */
  problem?: boolean;
};

export type LeadDetails = {
  id: string;
  reference: string;
  client: {
    name: string;
    email: string;
    phone: string | null;
    /** The customer's page in the back office, once the lead has a customer account */
    customerHref: string | null;
  };
  service: {
    type: string;
    requestLabel: string | null;
    level: string | null;
    hours: number | null;
    cleaners: number | null;
    rate: string | null;
    /**
     * The day and time the customer asked for ("Sat, 28 Nov 2026, 1:00 PM"), shown once as
     * "Preferred time"; the booking's own day is the job date.
     */
    preferredTime: string | null;
    /** The estimate's explanation */
    explanation: string | null;
  };
  space: SpaceLine[];
  photos: { id: string; src: string; width: number; height: number }[];
  preferredCleaner: string | null;
  status: QuoteStatus;
  statusLabel: string;
  leadStatus: LeadStatus;
  /** docs/decisions/0003-one-hourly-rate.md: the total stored on the quote; null until priced. */
  total: string | null;
  created: Stamp;
  staffNotes: string;
  bookings: {
    id: string;
    reference: string;
    /** YYYY-MM-DD, for the reschedule form */
    isoDate: string;
    date: string;
    slot: string;
    /** The job date: the booking's day and slot ("Thu, 26 Nov 2026, 4:00 PM") */
    when: string;
    address: string;
    status: string;
    payment: string;
    /** Refunded so far of a payment still paid: shown as "Partly refunded $X" */
    refundedCents?: number;
    /** Staff confirmed it is paid on the day: its slot is never released for being unpaid */
    payOnTheDay: boolean;
    /** The saved card's last try failed and it is still unpaid (docs/decisions/0093-save-a-card-after-the-first-visit.md) */
    cardChargeFailed?: string | null;
  }[];
  timeline: TimelineEntry[];
  /** docs/decisions/0060-crews-and-cleaner-holds.md: the crew's seats and how far it is staffed */
  crew: CrewView | null;
  /** docs/decisions/0068-job-visits.md: the crew's visit as reported from the app */
  visit?: OfficeVisit | null;
  /** Issued invoices, newest first (the Invoice action) */
  invoices?: { id: string; number: string; amount: string; state: string }[];
  /**
   * docs/decisions/0073-series-occurrences-are-bookings.md: the regular clean the lead's bookings
   * are visits of, and its place on the customer's page; null for a one-off.
   */
  series?: { wording: string; statusLabel: string; href: string | null } | null;
  /** docs/decisions/0077-quote-follow-ups.md: follow-up emails sent about the quote, 0 to 2 */
  followUps?: number;
  /** Whether the viewer may refund a payment (refunds.issue); set by getLeadDetailsForStaff. */
  canRefund?: boolean;
};
