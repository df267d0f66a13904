import { Form, useNavigation } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { PAYMENT_COPY as COPY } from "../payment-copy";
import { SecureNote } from "./secure-note";

/** Stripe's Pay Now: the card is entered on Stripe Checkout, never on this site. */
export function CheckoutForm({ action }: { action: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Form method="post" action={action} className="space-y-5">
      <input type="hidden" name="intent" value="checkout" />
      <p className="text-ink-soft">{COPY.stripeNote}</p>
      <button
        type="submit"
        disabled={busy}
        aria-busy={busy || undefined}
        className={buttonClasses("ink", "w-full disabled:opacity-70")}
      >
        {busy ? COPY.processing : COPY.payNow}
      </button>
      <SecureNote />
    </Form>
  );
}
