import { CreditCard } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { SAVED_CARD_COPY as COPY } from "../saved-card-copy";
import { TEST_CARD_CHOICES } from "../test-cards";

type Card = { brand: string; last4: string; expMonth: number; expYear: number };

/**
 * The profile's saved card (docs/decisions/0074-saved-cards-and-off-session-charges.md): the card
 * regular cleans are charged to, with Remove; otherwise Save a card (Stripe's page, or a test
 * card in test mode: only its token is posted). Works without JavaScript.
 */
export function SavedCardPanel({
  card,
  mode,
  notice,
}: {
  card: Card | null;
  mode: "test" | "stripe" | "off";
  notice: "saved" | "removed" | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/profile/card";
  return (
    <section
      aria-labelledby="saved-card-title"
      className="mt-8 rounded-lg border border-line bg-white p-6 sm:p-8"
    >
      <h2 id="saved-card-title" className="font-display text-2xl font-medium">
        {COPY.title}
      </h2>
      <p className="mt-2 text-sm text-ink-soft">{COPY.intro}</p>
      <p role="status" className="mt-3 text-sm font-semibold">
        {notice ? COPY[notice] : null}
      </p>
      {card ? (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-4">
          <p className="flex items-center gap-3">
            <CreditCard aria-hidden="true" className="size-5 text-gold-deep" strokeWidth={1.5} />
            <span>
              <span className="block font-semibold">{COPY.card(card.brand, card.last4)}</span>
              <span className="block text-sm text-ink-soft">
                {COPY.expires(card.expMonth, card.expYear)}
              </span>
            </span>
          </p>
          <Form method="post" action="/profile/card">
            <input type="hidden" name="intent" value="remove" />
            <button type="submit" className={buttonClasses("outline")} disabled={busy}>
              {busy ? COPY.removing : COPY.remove}
            </button>
          </Form>
        </div>
      ) : (
        <p className="mt-4 text-sm">{COPY.none}</p>
      )}
      {mode === "off" ? (
        <p className="mt-4 text-sm text-ink-soft">{COPY.unavailable}</p>
      ) : (
        <SaveCardForm
          action="/profile/card"
          mode={mode}
          label={card !== null ? COPY.replace : COPY.save}
          busy={busy}
        />
      )}
    </section>
  );
}

/** Save a card: a test card's token in test mode, else the way to Stripe's setup page. */
export function SaveCardForm({
  action,
  mode,
  label,
  busy,
}: {
  action: string;
  mode: "test" | "stripe";
  label: string;
  busy: boolean;
}) {
  return (
    <Form method="post" action={action} className="mt-6 space-y-4">
      <input type="hidden" name="intent" value={mode === "test" ? "save-test" : "setup"} />
      {mode === "test" ? (
        <div className="space-y-2">
          <p className="text-sm text-ink-soft">{COPY.testModeNote}</p>
          <label htmlFor="saved-card-token" className="block text-sm font-semibold">
            Test card
          </label>
          <select
            id="saved-card-token"
            name="token"
            className="min-h-11 w-full rounded-md border border-line bg-white px-3"
          >
            {TEST_CARD_CHOICES.map((choice) => (
              <option key={choice.token} value={choice.token}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <button type="submit" className={buttonClasses("gold")} disabled={busy}>
        {busy ? COPY.saving : label}
      </button>
    </Form>
  );
}
