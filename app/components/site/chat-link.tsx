import { Mail, MessageCircle, Phone } from "lucide-react";
import { Link } from "react-router";
import { phoneHref, whatsappHref } from "~/lib/phone";

// The chat link (docs/product/public-site.md#site-layout: a floating chat link and a phone number
// always visible):
// - it opens WhatsApp only on the business's WhatsApp (mobile) number; without one it offers the
//   phone and the contact form (a <details>, so it works without JavaScript);
// - it floats at the bottom right at every width, placed by CSS alone (no script on any page);
// - it never covers what a visitor must reach: the footer keeps room below its last line for it,
//   and it rides above any bar fixed to the bottom of the screen (`data-bottom-bar`, app.css);
// - on a phone it is a round button with the icon alone (its name stays "Chat with us"), so it
//   hides as little of the page as it scrolls past.

const PLACE =
  "fixed right-4 bottom-[calc(1rem+var(--bottom-bar,0px))] z-30 sm:right-6 sm:bottom-[calc(1.5rem+var(--bottom-bar,0px))] [--focus-ring:var(--color-ink)]";
const BUTTON =
  "inline-flex size-14 cursor-pointer list-none items-center justify-center gap-2 rounded-full bg-gold font-semibold text-ink shadow-lg shadow-ink/25 hover:bg-gold-light focus-visible:outline-offset-2 focus-visible:ring-2 focus-visible:ring-ivory motion-safe:transition-colors sm:h-12 sm:w-auto sm:px-5 [&::-webkit-details-marker]:hidden";
const LABEL = "sr-only sm:not-sr-only";

export function ChatLink({ whatsappNumber, phone }: { whatsappNumber: string; phone: string }) {
  if (whatsappNumber) {
    return (
      <div className={PLACE}>
        <a
          href={whatsappHref(whatsappNumber)}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="chat-link"
          className={BUTTON}
        >
          <MessageCircle aria-hidden="true" className="size-6 sm:size-5" strokeWidth={1.5} />
          <span className={LABEL}>Chat with us</span>
          <span className="sr-only"> on WhatsApp (opens in a new tab)</span>
        </a>
      </div>
    );
  }
  return (
    <details className={`group ${PLACE}`} data-testid="chat-link">
      <summary className={BUTTON}>
        <MessageCircle aria-hidden="true" className="size-6 sm:size-5" strokeWidth={1.5} />
        <span className={LABEL}>Chat with us</span>
      </summary>
      <div className="absolute right-0 bottom-full mb-2 w-64 rounded-lg bg-ivory p-2 text-ink shadow-lg shadow-ink/25">
        <a
          href={phoneHref(phone)}
          className="flex min-h-11 items-center gap-2 rounded-md px-3 hover:bg-ivory-deep"
        >
          <Phone aria-hidden="true" className="size-4 text-gold-deep" strokeWidth={1.5} />
          Call {phone}
        </a>
        <Link
          to="/contact"
          className="flex min-h-11 items-center gap-2 rounded-md px-3 hover:bg-ivory-deep"
        >
          <Mail aria-hidden="true" className="size-4 text-gold-deep" strokeWidth={1.5} />
          Send us a message
        </Link>
      </div>
    </details>
  );
}
