// Texts of customer accounts (docs/decisions/0012-real-customer-data.md). The specs show
// sample pages only, so these are ours; the labels the spec names are kept word for word
// (docs/product/public-site.md#mobile-profile: My Bookings, Rewards, Profile details, Contact us).

/** app/features/auth/magic-links.service.server.ts: MAGIC_LINK_LIFETIME_MINUTES, for the words. */
export const MAGIC_LINK_MINUTES = 15;

export const SIGN_IN_TEXT = {
  title: "Sign in",
  intro:
    "Enter the email address you booked with and we will send you a link to sign in. There is no password to remember.",
  submit: "Email me a sign-in link",
  submitting: "Sending...",
  /** The same answer whether or not the email has bookings: nobody learns who our customers are. */
  sent: (email: string) =>
    `Check your email. If ${email} has a booking with us, a sign-in link is on its way. It works once, for ${MAGIC_LINK_MINUTES} minutes.`,
  limited:
    "You have asked for several sign-in links. Please wait a while before asking again, or call us.",
  failed: "We could not send a sign-in link just now. Please try again, or call us.",
} as const;

export const VERIFY_TEXT = {
  title: "Sign in to your account",
  intro: "Press the button to finish signing in on this device.",
  submit: "Sign in",
  submitting: "Signing in...",
  invalidTitle: "This sign-in link cannot be used",
  invalid:
    "It has expired or was already used. Sign-in links work once, for 15 minutes. Ask for a new one below.",
  askAgain: "Send me a new link",
} as const;

export const MAGIC_LINK_EMAIL = {
  subject: (business: string) => `Your sign-in link for ${business}`,
  heading: "Sign in to see your bookings",
  paragraphs: [
    `Use the button below to sign in. The link works once, for ${MAGIC_LINK_MINUTES} minutes.`,
    "If you did not ask to sign in, you can ignore this email: nobody can sign in without this link.",
  ],
  action: "Sign in",
} as const;

export const SIGNED_OUT_TEXT = {
  bookings:
    "Sign in with the email you booked with to see your bookings, reschedule or cancel them.",
  profile: "Sign in with the email you booked with to see your details, bookings and rewards.",
  action: "Sign in",
} as const;

/** docs/product/public-site.md#mobile-profile: the four menu links. */
export const PROFILE_MENU = [
  { to: "/bookings", label: "My Bookings" },
  { to: "/subscription#rewards", label: "Rewards" },
  { to: "/profile/details", label: "Profile details" },
  { to: "/contact", label: "Contact us" },
] as const;

export const PROFILE_TEXT = {
  signOut: "Log Out",
  savedAddress: "Saved address",
  noAddress: "Your address is saved with your first booking.",
  detailsTitle: "Profile details",
  save: "Save details",
  saving: "Saving...",
  saved: "Your details are saved.",
} as const;

export const BOOKING_TEXT = {
  upcoming: "Upcoming",
  past: "Past",
  cancelled: "Cancelled",
  pay: "Pay now",
  discountNote: (discount: string) => `after ${discount} rewards discount`,
  none: "You have no bookings yet.",
  reschedule: "Reschedule",
  cancel: "Cancel booking",
  cancelConfirm: "Yes, cancel this booking",
  keep: "Keep booking",
  cancelQuestion: "Cancel this booking?",
  cancelExplain:
    "Cancelling 24 hours or more before the clean is free of charge. A payment is refunded to the card it came from.",
  rescheduleSubmit: "Move my booking",
  readOnly: "Sign in to reschedule or cancel this booking.",
  notFound: "We could not find that booking.",
  policy:
    "Reschedule or cancel free of charge up to 24 hours before your clean. Inside 24 hours, please call us.",
} as const;

/** Book again and the tip link on a past clean (docs/decisions/0079-book-again.md). */
export const BOOK_AGAIN_TEXT = {
  button: "Book again",
  busy: "Opening...",
  tip: "Add a tip",
  notFound: "We could not find that booking.",
  notPast: "Only a past clean can be booked again.",
  cannotRepeat:
    "This clean cannot be repeated online. Please start a new quote, or contact us and we will arrange it.",
} as const;

/** The form field of Book again on My Bookings. */
export const BOOK_AGAIN_INTENT = "book-again";

/** The form field that tells the "Email me a sign-in link" post from a booking change. */
export const BOOKING_LINK_INTENT = "email-sign-in-link";

/**
 * A booking opened by its reference, for a visitor who is not its signed-in owner
 * (docs/decisions/0053-guest-booking-page.md): one button sends the sign-in link to the
 * booking's own email, which the page never shows.
 */
export const GUEST_BOOKING_TEXT = {
  submit: "Email me a sign-in link",
  submitting: "Sending...",
  sent: `Check the email this booking was made with: a sign-in link is on its way. It works once, for ${MAGIC_LINK_MINUTES} minutes.`,
  failed: SIGN_IN_TEXT.failed,
} as const;

/** Service types as customers read them. */
export const SERVICE_LABELS: Record<string, string> = {
  residential: "Residential cleaning",
  commercial: "Commercial cleaning",
  "post-construction": "Post-construction cleaning",
  subscription: "Subscription cleaning",
};

export const BOOKING_STATUS_LABELS: Record<string, string> = {
  confirmed: "Confirmed",
  pending: "Pending",
  completed: "Completed",
  cancelled: "Cancelled",
};

/** Whether a booking is paid, on its My Bookings card. */
export const PAYMENT_STATUS_LABELS = {
  paid: "Paid",
  unpaid: "Unpaid",
  refunded: "Refunded",
} as const;
