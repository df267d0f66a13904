import type { Kysely } from "kysely";
import { chargeVisit } from "~/features/payments/card-charges.service.server";
import { saveTestCard } from "~/features/payments/saved-cards.service.server";
import { getCardRetryHours } from "~/features/settings/card-retry-setting.service.server";
import { addHours } from "~/lib/sydney-time";
import type { AppConfig } from "~/server/config.server";
import type { Database } from "~/server/database";
import type { DeclinedCardVisit } from "./series.server";

// The demo's failed card charge (docs/decisions/0093-save-a-card-after-the-first-visit.md), made
// the way a real one is: the customer's card is saved with the test provider's card that is
// declined after the clean (4000 0000 0000 0341), and the visit is charged by the charge job's
// own service, once and then on each retry of the schedule, each try at the time it would have
// run. The last try alerts the business, so Finance's "Failed card charges" and the lead's booking
// panel show it; the customer's notices and the business's alert are queued as they would be.

export type CardChargeSeedConfig = Pick<AppConfig, "sessionSecret"> &
  Partial<Pick<AppConfig, "publicUrl" | "twilio">>;

/** Minutes after the visit's completion that the first try's job runs. */
const FIRST_TRY_AFTER_MINUTES = 5;

export async function seedDeclinedCardCharge(
  db: Kysely<Database>,
  visit: DeclinedCardVisit,
  config: CardChargeSeedConfig,
) {
  // Demo cards are always the test provider's, whatever the server takes: nothing real is charged.
  const ctx = {
    config: {
      paymentsMode: "test" as const,
      publicUrl: config.publicUrl ?? "http://localhost:3000",
      STRIPE_SECRET_KEY: undefined,
      STRIPE_WEBHOOK_SECRET: undefined,
      sessionSecret: config.sessionSecret,
      twilio: config.twilio ?? null,
    },
  };
  const savedAt = visit.cardSavedAt;
  const saved = await saveTestCard(
    db,
    {
      customerId: visit.customerId,
      token: "tok_chargeCustomerFail",
      expMonth: 12,
      expYear: savedAt.getFullYear() + 3,
    },
    ctx,
    savedAt,
  );
  if (!saved.ok) throw new Error(`demo card not saved: ${saved.message}`);
  const retryHours = await getCardRetryHours(db);
  let tryAt = new Date(visit.completedAt.getTime() + FIRST_TRY_AFTER_MINUTES * 60_000);
  for (let attempt = 1; attempt <= retryHours.length + 1; attempt += 1) {
    await chargeVisit(db, { bookingId: visit.bookingId, attempt }, ctx, tryAt);
    tryAt = addHours(tryAt, retryHours[attempt - 1] ?? 0);
  }
}
