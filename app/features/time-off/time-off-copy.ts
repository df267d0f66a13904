// The words of time off and the working pattern, in the cleaner's app and on the cleaner's admin
// profile (docs/decisions/0070-cleaner-time-off-and-working-pattern.md). The product rules give
// no copy for them, so these are ours, in the plain voice of the cleaner's app. Client-safe.

export const TIME_OFF_TEXT = {
  title: "Availability",
  patternHeading: "Your working days and hours",
  patternIntro:
    "The office offers you jobs on these days, inside these hours. Changes count for new offers straight away; jobs you already accepted stay yours.",
  days: "Days you work",
  startsAt: "Start",
  endsAt: "Finish",
  savePattern: "Save days and hours",
  saving: "Saving...",
  patternSaved: "Your days and hours are saved.",
  timeOffHeading: "Time off",
  timeOffIntro:
    "Ask for days off here. The office approves or refuses each request; until it is approved you may still be offered jobs on those days.",
  firstDay: "First day off",
  lastDay: "Last day off",
  request: "Ask for time off",
  requesting: "Sending...",
  requested: "Time off requested. The office will approve or refuse it.",
  noTimeOff: "No time off coming up.",
  withdraw: "Withdraw",
  remove: "Remove",
  withdrawn: "Time off removed.",
  status: { requested: "Waiting for the office", approved: "Approved", refused: "Refused" },
  startsInPast: "Time off must start today or later",
  gone: "That time off is no longer there.",
  changed: "That time off changed meanwhile. Please look again.",
  hasJobs: (jobs: number) =>
    `You have ${jobs === 1 ? "an accepted job" : `${jobs} accepted jobs`} on these days. Call the office to change this time off.`,
  chooseDecision: "Choose approve or refuse.",
  alreadyDecided: "That request was already approved or refused.",
  approve: "Approve",
  refuse: "Refuse",
  approved: "Time off approved.",
  refused: "Time off refused.",
  needsConnection: "This needs a connection. Try again when you are back online.",
} as const;
