import { serviceLabel } from "~/features/bookings/booking-copy";
import { renderEmail, type RenderedEmail } from "~/features/outbox/email/render-email";
import type { BusinessProfile } from "~/features/settings/business-profile";
import { formatHours, formatMoney } from "~/lib/format";
import type { QuoteToFollowUp } from "./follow-ups.repository.server";

// The follow-up's words (docs/decisions/0077-quote-follow-ups.md): the quote restated, its book
// link and the link to stop follow-ups. Pure.

export const FOLLOW_UP_TEXT = {
  subject: (reference: string) => `Your quote ${reference} is still here`,
  heading: "Still thinking about your clean?",
  stopHeading: "Stop follow-ups",
  stopIntro: (reference: string) =>
    `Stop follow-up emails about quote ${reference}? Your quote stays valid and you can still book it.`,
  stopButton: "Stop follow-ups",
  stopped: (reference: string) => `Done. We will send no more follow-ups about quote ${reference}.`,
  invalidLink: "This link is not valid. If you copied it from an email, please copy all of it.",
} as const;

export type FollowUpLinks = { result: string; booking: string; stop: string };

export function followUpEmail(
  quote: QuoteToFollowUp,
  links: FollowUpLinks,
  business: BusinessProfile,
): { subject: string; email: RenderedEmail } {
  const firstName = quote.clientName.split(/\s+/)[0] ?? quote.clientName;
  const service = serviceLabel(quote.serviceType, quote.cleaningLevel);
  const email = renderEmail(
    {
      heading: FOLLOW_UP_TEXT.heading,
      paragraphs: [
        `Hello ${firstName}, your quote ${quote.reference} is ready whenever you are.`,
        `${service}${quote.hours ? `, estimated ${formatHours(quote.hours)}` : ""}: ${formatMoney(quote.totalCents)} (AUD, GST included).`,
        `See your quote at any time: ${links.result}`,
        `Questions? Reply to this email or call us on ${business.phone}.`,
        `No more follow-ups about this quote: ${links.stop}`,
      ],
      action: { label: "Book this clean", url: links.booking },
    },
    business,
  );
  return { subject: FOLLOW_UP_TEXT.subject(quote.reference), email };
}
