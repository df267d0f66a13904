// The words of the pay runs and tips on the cleaner's Earnings page
// (docs/decisions/0085-tips-ride-in-pay-runs.md). The product rules give no copy for them, so
// these are ours, in the voice of the cleaner's app. Client-safe.

export const CLEANER_PAY_TEXT = {
  runsHeading: "Pay runs",
  noRuns: "No pay runs yet. Your pay shows here once the office approves a pay run.",
  paidOn: (date: string) => `Paid on ${date}`,
  onTheWay: "Approved: on its way to your bank",
  total: "Paid to you",
  summary: "What this pay is made of",
  jobs: (jobs: number, hours: string) => `${jobs} ${jobs === 1 ? "job" : "jobs"}, ${hours} h`,
  wages: "Earned (with adjustments)",
  withheld: "Tax withheld",
  tips: "Tips, passed on in full",
  super: "Super paid to your fund",
  remittance: "A remittance advice with every job was emailed to you when it was paid.",
  tipsHeading: "Tips",
  tipsIntro: "Tips from clients over the last twelve weeks, your share of each job's.",
  noTips: "No tips yet.",
  tipFor: (reference: string, date: string) => `Job ${reference}, ${date}`,
} as const;
