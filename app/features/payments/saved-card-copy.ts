import { formatLongDate, formatMoney } from "~/lib/format";

// The words of saved cards and charges after the clean
// (docs/decisions/0074-saved-cards-and-off-session-charges.md), in the brand's voice
// (docs/brand.md): warm, exact, unhurried.

export const SAVED_CARD_COPY = {
  title: "Saved card",
  intro:
    "Save a card and each regular clean is paid after it is done. The card is kept by our payment provider: we only see its brand, last four digits and expiry.",
  none: "No card saved. Visits are paid by the link we email after each clean.",
  card: (brand: string, last4: string) => `${brandName(brand)} ending in ${last4}`,
  expires: (month: number, year: number) => `Expires ${String(month).padStart(2, "0")}/${year}`,
  save: "Save a card",
  replace: "Use another card",
  remove: "Remove card",
  removing: "Removing...",
  saving: "Saving...",
  saved: "Your card is saved. We will charge it after each regular clean.",
  removed: "Your card is removed. We will email a link to pay after each clean instead.",
  testModeNote:
    "Test mode: no real card is kept. 4242 4242 4242 4242 pays, 4000 0000 0000 0341 is declined after the clean, and 4000 0027 6000 3184 asks you to confirm each charge.",
  notSignedIn: "Sign in to save a card.",
  unavailable: "Cards cannot be saved while online payment is off.",
  notSaved: "We could not save that card. Please try again.",
} as const;

/** The offer to keep a card when the first visit of a regular clean is paid. */
export const SERIES_CARD_COPY = {
  title: "Pay later visits automatically",
  intro:
    "Save a card and each later visit of your regular clean is charged after it is done, with a receipt by email. The card is kept by our payment provider: we only see its brand, last four digits and expiry. You can remove it from your profile at any time.",
  save: "Save card for later visits",
  stripeNote: "You will enter the card on our payment provider's secure page.",
  saved: (card: string) =>
    `Later visits are charged to your ${card} after each clean. Change or remove it in your profile.`,
  notOffered: "This booking cannot save a card. Save one from your profile instead.",
  alreadySaved: "A card is already saved for your regular cleans. Change it in your profile.",
} as const;

const BRANDS: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
};

export const brandName = (brand: string) => BRANDS[brand] ?? "Card";

type Visit = { reference: string; scheduledDate: string; amountCents: number; firstName: string };

/** The messages when a saved card could not be charged after a clean, by what went wrong. */
export const CHARGE_FAILED_COPY = {
  declined: {
    subject: (v: Visit) => `Your payment for booking ${v.reference} did not go through`,
    heading: "Your card was declined",
    paragraphs: (v: Visit, retryLabel: string | null) => [
      `Hello ${v.firstName}, thank you for having us on ${formatLongDate(v.scheduledDate)}.`,
      `We tried your saved card for ${formatMoney(v.amountCents)} and your bank declined it.`,
      retryLabel
        ? `We will try again on ${retryLabel}. To settle it sooner, pay by the link below, or update your card in your profile.`
        : "Please pay by the link below, or update your card in your profile.",
    ],
    sms: (v: Visit, link: string) =>
      `Harbour & Gold: your card was declined for booking ${v.reference} (${formatMoney(v.amountCents)}). Pay securely here: ${link}`,
  },
  requiresAction: {
    subject: (v: Visit) => `Please confirm your payment for booking ${v.reference}`,
    heading: "Your bank asks you to confirm",
    paragraphs: (v: Visit) => [
      `Hello ${v.firstName}, thank you for having us on ${formatLongDate(v.scheduledDate)}.`,
      `Your bank wants you to confirm the payment of ${formatMoney(v.amountCents)} yourself. It takes a moment on our secure payment page.`,
    ],
    sms: (v: Visit, link: string) =>
      `Harbour & Gold: please confirm your payment of ${formatMoney(v.amountCents)} for booking ${v.reference}: ${link}`,
  },
  payNow: "Pay now",
  updateCard: "To update your card, open your profile:",
  linkNote: "The link is yours alone and works for 14 days.",
} as const;

type FailedCharge = {
  reference: string;
  clientName: string;
  scheduledDate: string;
  amountCents: number;
  code: string;
  tries: number;
};

/** What a failure code means, for staff. */
export const chargeErrorLabel = (code: string | null) =>
  code === "authentication_required"
    ? "The bank asks the customer to confirm"
    : code === "insufficient_funds"
      ? "Declined: insufficient funds"
      : code === "card_removed"
        ? "The card was removed"
        : "Declined by the bank";

export const triesLabel = (tries: number) => (tries === 1 ? "1 try" : `${tries} tries`);

/** The business's email after a saved card's last try failed. */
export const CHARGE_FAILED_STAFF_COPY = {
  subject: (reference: string) => `Card charge failed for booking ${reference}`,
  heading: "A saved card could not be charged",
  paragraphs: (c: FailedCharge) => [
    `We could not charge ${c.clientName}'s saved card ${formatMoney(c.amountCents)} for booking ${c.reference} (the clean on ${formatLongDate(c.scheduledDate)}).`,
    `Last error: ${chargeErrorLabel(c.code)} (${c.code}), after ${triesLabel(c.tries)}. No more tries are scheduled.`,
    "The customer has been emailed a link to pay. If it stays unpaid, please follow it up.",
  ],
} as const;

/** The pay link's refusals. */
export const PAY_LINK_COPY = {
  expired: "This payment link has expired. Open the booking from your profile to pay.",
  invalid: "This payment link is not valid.",
} as const;
