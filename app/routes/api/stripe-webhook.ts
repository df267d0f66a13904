import { receiveStripeWebhook } from "~/features/payments/payment-action.server";
import type { Route } from "./+types/stripe-webhook";

// POST /api/stripe/webhook (docs/decisions/0007-payments-through-a-provider.md): Stripe confirms a
// Checkout payment here; the signature is checked before anything is read.
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return Response.json({ error: "Use POST." }, { status: 405, headers: { allow: "POST" } });
  }
  return receiveStripeWebhook(request, context);
}

export function loader() {
  return Response.json({ error: "Use POST." }, { status: 405, headers: { allow: "POST" } });
}
