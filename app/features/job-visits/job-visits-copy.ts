// The words of a job visit (docs/decisions/0068-job-visits.md). The product rules give no copy
// for it, so these are ours, in the plain voice of the cleaner's app.

export const JOB_VISIT_TEXT = {
  notFound: "We could not find this job.",
  notConfirmed: "This job is no longer on.",
  onMyWayTwice: "The client already knows you are on the way.",
  checkedInTwice: "You have already checked in.",
  notCheckedIn: "Check in first.",
  checkedOutTwice: "You have already checked out.",
  notOnSite: "The checklist opens when you check in, until you check out.",
  unknownItem: "We could not find this checklist item.",
  reasonsNeeded: "Say briefly why each unticked item was not done.",
  onMyWayDone: "The client has been told you are on the way.",
  checkedIn: "Checked in. The checklist is open.",
  ticked: "Checklist saved.",
  problemSent: "The office has your report and will be in touch.",
  checkedOut: "Checked out. Thank you!",
  jobCompleted: "Checked out. That was the last of the crew: the job is complete.",
  windowClosed:
    "The address and the client's details show from 24 hours before the job until 24 hours after.",
} as const;

/** The words of a job's photos (docs/decisions/0087-job-photos-and-on-my-way-texts.md). */
export const JOB_PHOTO_TEXT = {
  checkInFirst: "Check in first, then add your photos.",
  jobDone: "This job is complete: its photos are kept as they are.",
  limit: (max: number) => `You have added ${max} photos, the most we keep for one job.`,
  added: (stage: "before" | "after") => `${stage === "before" ? "Before" : "After"} photo added.`,
  deleted: "Photo deleted.",
} as const;

/**
 * What the customer is told when a cleaner sets off: one message, so the text sends the same
 * words as the email beside it.
 */
export function onMyWayMessage(input: { cleaner: string; arrival: string; business: string }) {
  return {
    subject: `${input.cleaner} is on the way`,
    heading: `${input.cleaner} is on the way`,
    text: `${input.cleaner} from ${input.business} is on the way and expects to arrive at about ${input.arrival}.`,
  };
}

export function problemEmail(input: { kind: string; cleaner: string; suburb: string }) {
  return {
    subject: `Problem on a job in ${input.suburb}: ${input.kind}`,
    heading: `${input.cleaner} reported a problem`,
  };
}
