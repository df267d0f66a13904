import { findSignedInCustomer } from "~/features/customers/customer-session.server";
import { savedCardAction, savedCardReturn } from "~/features/payments/saved-card-action.server";
import type { Route } from "./+types/profile-card";

// POST /profile/card: a signed-in customer saves, replaces or removes the card their regular
// cleans are charged to (docs/decisions/0074-saved-cards-and-off-session-charges.md). A GET is
// the way back from Stripe's page, then on to the profile.
export async function action({ request, context }: Route.ActionArgs) {
  return savedCardAction(request, context, () => findSignedInCustomer(request, context));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return savedCardReturn(request, context, () => findSignedInCustomer(request, context));
}
