// The words of the cleaner's app (docs/decisions/0063-cleaner-app-sign-in.md). The product
// rules give no copy for it, so these are ours, in the plain voice of the offer page.

/** MAGIC_LINK_LIFETIME_MINUTES of app/features/auth/magic-links.service.server.ts, in words. */
const LINK_LIFETIME = "15 minutes";

export const CLEANER_SIGN_IN_TEXT = {
  title: "Sign in to your jobs",
  intro:
    "Enter the email address the office has for you and we will email you a link to sign in. There is no password.",
  submit: "Email me a sign-in link",
  submitting: "Sending...",
  /** The same answer for every email, so the form does not tell who works for us. */
  sent: (email: string) =>
    `Check your email. If ${email} belongs to one of our cleaners, a sign-in link is on its way. It works once, for ${LINK_LIFETIME}.`,
  limited: "You have asked for several sign-in links. Please wait a while, or call the office.",
  failed: "We could not send a sign-in link just now. Please try again, or call the office.",
  signedOut: "You have signed out.",
} as const;

export const CLEANER_VERIFY_TEXT = {
  title: "Finish signing in",
  intro: "Press the button to sign in to your jobs on this device.",
  submit: "Sign in",
  submitting: "Signing in...",
  invalidTitle: "This sign-in link cannot be used",
  invalid: `It has expired or was already used. Sign-in links work once, for ${LINK_LIFETIME}. Ask for a new one below.`,
  askAgain: "Send me a new link",
} as const;

export const CLEANER_LINK_EMAIL = {
  subject: (business: string) => `Your sign-in link for ${business} jobs`,
  heading: "Sign in to see your jobs",
  paragraphs: [
    `Use the button below to sign in to your jobs and offers. The link works once, for ${LINK_LIFETIME}.`,
    "If you did not ask to sign in, you can ignore this email: nobody can sign in without this link.",
  ],
  action: "Sign in",
} as const;

export const CLEANER_HOME_TEXT = {
  title: "Your jobs",
  greeting: (firstName: string) => `Hello, ${firstName}`,
  nextJob: "Next job",
  noJobs: "No jobs coming up. New offers show below when the office sends them.",
  upcoming: "Coming up",
  offers: "Offers",
  noOffers: "No offers waiting for an answer.",
  crew: "With",
  alone: "Just you",
  onSite: "on site",
  accept: "Accept",
  decline: "Decline",
  declineReason: "Reason (optional)",
  declineHint: "Tell the office why, if you like. Only staff see it.",
  accepted: "Offer accepted: the job is in your list, and the client's details are in your email.",
  declined: "Offer declined. Thank you for letting us know.",
  signOut: "Sign out",
  offline: (at: string) => `You're offline — showing jobs from ${at}.`,
  needsConnection: "Answering an offer needs a connection. Try again when you are back online.",
  actionNeedsConnection:
    "You're offline. This needs a connection: try again when you are back online.",
  dismiss: "Dismiss",
} as const;

export const CLEANER_ADMIN_TEXT = {
  heading: "Cleaner app",
  body: "Signs this cleaner out of their app on every phone and computer. They can sign in again with a new link.",
  action: "Sign out everywhere",
  done: "Signed out of the cleaner app everywhere.",
} as const;
