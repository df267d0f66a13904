// The words of the cleaner's Earnings page (docs/decisions/0071-cleaner-earnings-and-calendar-feed.md).
// The product rules give no copy for it, so these are ours, in the voice of the cleaner's app.

export const EARNINGS_TEXT = {
  title: "Earnings",
  rate: (rate: string) =>
    `Paid at ${rate} an hour. Hours run from your check-in to check-out, or your share of the job's estimate when there is none.`,
  toBePaid: "Still to be paid",
  toBePaidHint: "Done jobs not yet in a payout",
  onTheWay: "Payouts on the way",
  paid: "Paid to you",
  weeksHeading: "By week",
  weekOf: (monday: string) => `Week of ${monday}`,
  noJobs: "No finished jobs yet. Jobs show here once they are done.",
  measured: "checked in",
  estimated: "estimate",
  payoutsHeading: "Payouts",
  noPayouts: "No payouts yet.",
  payoutStatus: {
    completed: "Paid",
    pending: "On the way",
    failed: "Failed: the office will send it again",
  },
  period: (from: string, to: string) => `For ${from} – ${to}`,
} as const;
