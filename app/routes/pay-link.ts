import { followPayLink } from "~/features/payments/saved-card-action.server";
import type { Route } from "./+types/pay-link";

// GET /pay-link?t=: the signed, expiring link emailed when a saved card could not be charged
// (docs/decisions/0074-saved-cards-and-off-session-charges.md), on to the booking's payment page.
export function loader({ request, context }: Route.LoaderArgs) {
  return followPayLink(request, context);
}
