import { Mail, MessageCircle, Phone } from "lucide-react";
import { Link } from "react-router";
import { phoneHref, whatsappHref } from "~/lib/phone";

// The chat link (docs/product/public-site.md#site-layout: a floating chat link):
// - it opens WhatsApp only on the business's WhatsApp (mobile) number; without one it offers the
//   phone and the contact form (a <details>, so it works without JavaScript);
// - it never covers content or a control: it floats only from the `2xl` breakpoint (1536 px),
//   where the page's margin beside the 72rem content is wider than the button; on narrower
//   screens, phones and laptops alike, it is part of the footer's flow.

const PLACE =
  "mx-auto mt-10 block w-full max-w-6xl px-5 sm:px-8 2xl:fixed 2xl:right-6 2xl:bottom-6 2xl:z-30 2xl:m-0 2xl:w-auto 2xl:max-w-none 2xl:p-0 [--focus-ring:var(--color-ink)]";
const BUTTON =
  "inline-flex min-h-12 cursor-pointer list-none items-center gap-2 rounded-full bg-gold px-5 font-semibold text-ink shadow-lg shadow-ink/25 hover:bg-gold-light focus-visible:outline-offset-2 focus-visible:ring-2 focus-visible:ring-ivory motion-safe:transition-colors [&::-webkit-details-marker]:hidden";

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
          <MessageCircle aria-hidden="true" className="size-5" strokeWidth={1.5} />
          Chat with us
          <span className="sr-only"> on WhatsApp (opens in a new tab)</span>
        </a>
      </div>
    );
  }
  return (
    <details className={`group ${PLACE}`} data-testid="chat-link">
      <summary className={BUTTON}>
        <MessageCircle aria-hidden="true" className="size-5" strokeWidth={1.5} />
        Chat with us
      </summary>
      <div className="mt-2 w-64 rounded-lg bg-ivory p-2 text-ink shadow-lg shadow-ink/25 2xl:absolute 2xl:right-0 2xl:bottom-full 2xl:mb-2">
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
