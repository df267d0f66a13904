import { Link } from "react-router";
import type { RewardsOffer } from "../rewards";
import { formatMoney } from "~/lib/format";

export const REWARDS_OFFER_TEXT = {
  floorLabel: (percent: number) => `Rewards discount (${percent}% or more)`,
  exactLabel: (tier: string, percent: number) => `${tier} rewards (${percent}%)`,
  toPay: "You pay",
  toPayAtMost: "You pay at most",
  floorNote: (tier: string, percent: number) =>
    `Your rewards discount will be applied when you book: ${percent}% with ${tier}, more if this email has reached a higher tier.`,
  signIn: "Sign in to see your tier",
} as const;

/**
 * The rewards discount before a booking is made (docs/decisions/0047-rewards-follow-the-email.md):
 * the signed-in owner sees their tier; anyone else the Bronze floor every booking gets, so the
 * page never tells a visitor another email's tier.
 */
export function RewardsOfferLines({
  offer,
  signInHref,
}: {
  offer: RewardsOffer;
  signInHref?: string;
}) {
  const T = REWARDS_OFFER_TEXT;
  return (
    <div data-testid="rewards-offer" className="mt-4 border-t border-line pt-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <dt className="text-ink-soft">
          {offer.exact
            ? T.exactLabel(offer.tierName, offer.discountPercent)
            : T.floorLabel(offer.discountPercent)}
        </dt>
        <dd data-testid="rewards-discount">−{formatMoney(offer.discountCents)}</dd>
        <dt className="text-ink-soft">{offer.exact ? T.toPay : T.toPayAtMost}</dt>
        <dd data-testid="rewards-to-pay" className="font-semibold">
          {formatMoney(offer.toPayCents)}
        </dd>
      </dl>
      {!offer.exact && (
        <p className="mt-3 text-sm text-ink-soft">
          {T.floorNote(offer.tierName, offer.discountPercent)}
          {signInHref && (
            <>
              {" "}
              <Link to={signInHref} className="font-semibold text-ink underline underline-offset-4">
                {T.signIn}
              </Link>
              .
            </>
          )}
        </p>
      )}
    </div>
  );
}
