// The words of the cleaner's Calendar page (docs/decisions/0071-cleaner-earnings-and-calendar-feed.md).
// The product rules give no copy for it, so these are ours, in the voice of the cleaner's app.

export const CALENDAR_FEED_TEXT = {
  title: "Calendar",
  intro:
    "Add your accepted jobs to Google Calendar or Apple Calendar with a private link. Your calendar keeps it up to date when a job moves or is cancelled. It shows the suburb and your crew's first names, never the address.",
  none: "You have no calendar link yet.",
  since: (when: string) =>
    `Your current link was made on ${when}. For your privacy it is shown only once; make a new one if you need it again.`,
  make: "Make my calendar link",
  renew: "Make a new link",
  renewHint: "The old link stops working at once, so anyone who has it sees nothing more.",
  working: "Making...",
  /** Before "Clean in <suburb>" in a calendar event */
  eventPrefix: { confirmed: "", "asked-again": "Moved, answer again: ", cancelled: "Cancelled: " },
  linkLabel: "Your calendar link",
  linkHint:
    "Copy it now: it is shown only this once. In Google Calendar choose Other calendars, From URL; on an iPhone, Settings, Calendar, Accounts, Add Subscribed Calendar.",
} as const;
