import { MessageCircle } from "lucide-react";

/**
 * The floating chat link (docs/product/public-site.md#audience-and-business-hours: always visible), to the business's chat. It floats
 * over ivory and ink alike, so its focus ring is ink with an ivory inner ring.
 */
export function ChatLink({ href }: { href: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="fixed right-4 bottom-4 z-30 inline-flex size-14 items-center justify-center gap-2 rounded-full bg-gold text-ink shadow-lg shadow-ink/25 [--focus-ring:var(--color-ink)] hover:bg-gold-light focus-visible:outline-offset-2 focus-visible:ring-2 focus-visible:ring-ivory sm:right-6 sm:bottom-6 sm:size-auto sm:min-h-12 sm:px-5 motion-safe:transition-colors"
    >
      <MessageCircle aria-hidden="true" className="size-6 sm:size-5" strokeWidth={1.5} />
      <span className="sr-only sm:not-sr-only sm:text-[0.95rem] sm:font-semibold">
        Chat with us
      </span>
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
