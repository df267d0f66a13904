import { data } from "react-router";
import { isBookingReference } from "~/features/bookings/booking-reference";
import { isReference } from "~/lib/ids";
import type { AppContext } from "~/server/context";
import { findSignedInCustomer, PRIVATE_HEADERS } from "./customer-session.server";
import { findBookingForReference, listMyBookings } from "./my-bookings.service.server";
import { getCustomerProfile } from "./profile.service.server";
import { rewardsPanelFor } from "./rewards.service.server";
import { earliestBookingDate } from "~/features/bookings/booking-rules";
import { getSavedCard } from "~/features/payments/saved-cards.service.server";

// The loaders of the customer account pages. Each answers with private, no-store headers:
// these pages show one person's data and no shared cache may keep them.

type Context = Pick<AppContext, "db" | "config">;

const privately = <T>(value: T) => data(value, { headers: PRIVATE_HEADERS });

/**
 * /bookings: the signed-in customer's bookings; with ?ref= the one booking that reference names,
 * read-only unless it is the signed-in customer's own. An unknown reference is a 404.
 */
export async function loadMyBookings(request: Request, context: Context, now = new Date()) {
  const ref = new URL(request.url).searchParams.get("ref");
  const customer = await findSignedInCustomer(request, context);
  const earliestDate = earliestBookingDate(now);
  if (ref !== null) {
    const found =
      isBookingReference(ref) || isReference(ref)
        ? await findBookingForReference(context.db, ref, now)
        : null;
    if (!found)
      throw data({ error: "Booking not found" }, { status: 404, headers: PRIVATE_HEADERS });
    const owned = Boolean(customer && found.customerId === customer.id);
    // docs/decisions/0053-guest-booking-page.md: anyone else holding the reference sees what the
    // payment success page showed them, not where the clean is.
    return privately({
      view: "reference" as const,
      booking: owned ? found.booking : { ...found.booking, address: null },
      owned,
      earliestDate,
    });
  }
  if (!customer) return privately({ view: "signed-out" as const });
  const bookings = await listMyBookings(context.db, customer.id, now);
  return privately({ view: "list" as const, ...bookings, earliestDate });
}

/**
 * /profile: the signed-in customer's profile and saved card
 * (docs/decisions/0074-saved-cards-and-off-session-charges.md), or null for the sign-in prompt.
 */
export async function loadProfile(request: Request, context: Context) {
  const customer = await findSignedInCustomer(request, context);
  const profile = customer ? await getCustomerProfile(context.db, customer.id) : null;
  const savedCard = customer ? await getSavedCard(context.db, customer.id) : null;
  const notice = new URL(request.url).searchParams.get("card");
  const cardNotice: "saved" | "removed" | null =
    notice === "saved" || notice === "removed" ? notice : null;
  return privately({
    profile,
    savedCard,
    paymentsMode: context.config.paymentsMode,
    cardNotice,
  });
}

/** /subscription: the rewards panel's data, private only when it is someone's own. */
export async function loadRewardsPanel(request: Request, context: Context) {
  const customer = await findSignedInCustomer(request, context);
  return {
    rewards: await rewardsPanelFor(context.db, customer?.id ?? null),
    personal: Boolean(customer),
  };
}
