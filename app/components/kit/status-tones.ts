// docs/product/back-office.md#statuses-and-flows: the badge colours, in one map. Each tone's text passes WCAG AA (4.5:1) on
// its tinted background over white in the light theme and over ink-raised in the dark one.

export type BadgeTone = "green" | "yellow" | "blue" | "red" | "grey";

export const BADGE_TONE_CLASSES: Record<BadgeTone, string> = {
  green: "bg-success/10 text-success dark:bg-emerald-300/10 dark:text-emerald-300",
  yellow: "bg-warning/10 text-warning dark:bg-amber-300/10 dark:text-amber-200",
  blue: "bg-info/10 text-info dark:bg-sky-300/10 dark:text-sky-200",
  red: "bg-danger/10 text-danger dark:bg-red-300/10 dark:text-red-200",
  grey: "bg-ink/5 text-ink-soft dark:bg-ivory/10 dark:text-mist",
};

/** What a badge is the status of; each kind has its own colours. */
export type BadgeKind =
  | "quote"
  | "transaction"
  | "booking"
  | "payment"
  | "cleaner"
  | "delivery"
  | "staffRole"
  | "staffAccess"
  | "contactMessage"
  | "payRun"
  | "timesheetLine";

const TONES: Record<BadgeKind, { known: Record<string, BadgeTone>; other: BadgeTone }> = {
  // Quotes: pending yellow, assigned blue, completed green, cancelled red.
  quote: {
    known: { pending: "yellow", assigned: "blue", completed: "green", cancelled: "red" },
    other: "grey",
  },
  // Transactions and payouts: completed green, pending yellow, anything else red.
  transaction: { known: { completed: "green", pending: "yellow" }, other: "red" },
  // Bookings: confirmed green, pending yellow, anything else grey.
  booking: { known: { confirmed: "green", pending: "yellow" }, other: "grey" },
  // A booking's payment on the schedule: paid green, failed red, refunded grey, not yet paid yellow.
  payment: { known: { paid: "green", failed: "red", refunded: "grey" }, other: "yellow" },
  // Cleaners: the spec names the statuses but not their colours; these follow the same sense.
  cleaner: {
    known: {
      available: "green",
      busy: "blue",
      pending_review: "yellow",
      offline: "grey",
      suspended: "red",
    },
    other: "grey",
  },
  // The outbox's messages (docs/decisions/0021-one-definition-of-money-figures.md).
  delivery: {
    known: { delivered: "green", pending: "blue", retrying: "yellow", dead: "red" },
    other: "grey",
  },
  // The Team screen: an owner's role stands out from staff; a deactivated account is red.
  staffRole: { known: { owner: "blue", staff: "grey" }, other: "yellow" },
  staffAccess: { known: { active: "green", deactivated: "red" }, other: "grey" },
  // The contact messages' inbox: an open message waits (yellow), a handled one is done.
  contactMessage: { known: { open: "yellow", handled: "green" }, other: "grey" },
  // Pay runs (docs/decisions/0081-pay-runs-pay-a-line-once.md): a draft waits, paid is done.
  payRun: { known: { draft: "yellow", approved: "blue", paid: "green" }, other: "grey" },
  // Timesheet lines: pending waits for an owner; approved is locked.
  timesheetLine: { known: { pending: "yellow", approved: "green" }, other: "grey" },
};

/** The colour a status's badge takes. */
export function badgeTone(kind: BadgeKind, status: string): BadgeTone {
  const { known, other } = TONES[kind];
  return Object.hasOwn(known, status) ? known[status]! : other;
}
