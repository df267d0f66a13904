import { CreditCard } from "lucide-react";
import { useNavigation } from "react-router";
import { SAVED_CARD_COPY, SERIES_CARD_COPY as COPY } from "../saved-card-copy";
import type { SeriesCardOffer } from "../series-card.service.server";
import { SaveCardForm } from "./saved-card-panel";

/**
 * The payment success page's offer to keep a card for a regular clean's later visits
 * (docs/decisions/0093-save-a-card-after-the-first-visit.md), or the card they are charged to.
 * A plain form: it works without JavaScript.
 */
export function SeriesCardOfferPanel({
  offer,
  action,
  error,
}: {
  offer: NonNullable<SeriesCardOffer>;
  action: string;
  error?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === action;
  return (
    <section
      aria-labelledby="series-card-title"
      data-testid="series-card"
      className="mt-8 rounded-lg border border-line bg-white p-7 sm:p-10 print:hidden"
    >
      <h2 id="series-card-title" className="font-display text-2xl font-medium">
        {COPY.title}
      </h2>
      {offer.kind === "saved" ? (
        <p role="status" className="mt-4 flex items-center gap-3">
          <CreditCard aria-hidden="true" className="size-5 text-gold-deep" strokeWidth={1.5} />
          {COPY.saved(SAVED_CARD_COPY.card(offer.card.brand, offer.card.last4))}
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm text-ink-soft">{COPY.intro}</p>
          {offer.mode === "stripe" && (
            <p className="mt-2 text-sm text-ink-soft">{COPY.stripeNote}</p>
          )}
          <p role="alert" className="mt-3 text-sm font-semibold text-danger empty:hidden">
            {error ?? ""}
          </p>
          <SaveCardForm action={action} mode={offer.mode} label={COPY.save} busy={busy} />
        </>
      )}
    </section>
  );
}
