// What the cleaner's page /assignments/{token} shows (docs/decisions/0032-job-offer-links.md). Client-safe.

/** The job as offered: no client name, address or phone until the cleaner accepts. */
export type OfferJob = {
  suburb: string;
  date: string;
  time: string;
  hours: number;
  pay: string;
};

export type OfferRefusal = "unknown" | "answered" | "expired";

export type OfferPage =
  | { state: "open"; job: OfferJob; deadline: string }
  | {
      state: "accepted";
      job: OfferJob;
      client: { name: string; address: string; phone: string | null };
    }
  | { state: "declined"; job: OfferJob }
  | { state: "refused"; reason: OfferRefusal };

/** 404 for a link that never existed (or was altered); 410 for one that has been used up. */
export function refusalStatus(reason: OfferRefusal) {
  return reason === "unknown" ? 404 : 410;
}

export const OFFER_TEXT = {
  title: "Job offer",
  accept: "Accept",
  decline: "Decline",
  accepted: "Thanks, the job is yours",
  declined: "Thanks for letting us know",
  declinedBody: "We will offer this job to someone else.",
  refused: {
    unknown: {
      title: "We could not find this job offer",
      body: "The link may be incomplete. Open it again from the email, or call us.",
    },
    answered: {
      title: "This offer has already been answered",
      body: "Each offer link works once. If you think this is a mistake, call us.",
    },
    expired: {
      title: "This offer has expired",
      body: "The time to answer has passed and the job may have gone to someone else. Call us if you can still help.",
    },
  },
} as const;
