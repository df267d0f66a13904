/**
 * A change against the preceding period: a percentage, "new" from nothing, nothing at all, or
 * not comparable (a money figure whose base was near zero).
 */
export type Growth =
  | { kind: "percent"; value: number }
  | { kind: "new" }
  | { kind: "none" }
  | { kind: "not-comparable" };

/**
 * docs/product/back-office.md#business-constants-and-limits: growth compares with the preceding period of the same length. A previous
 * value of 0 has no percentage: anything since is "new", and 0 against 0 is no change to show.
 * A negative previous value (a loss) is measured by its size, so improving a loss reads as growth.
 */
export function growthOf(current: number, previous: number): Growth {
  if (previous === 0) return current === 0 ? { kind: "none" } : { kind: "new" };
  const value = Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
  return { kind: "percent", value: Object.is(value, -0) ? 0 : value };
}

/** A money base smaller than this ($100) either way is near zero (docs/decisions/0044-figures-by-permission.md). */
export const MONEY_GROWTH_MIN_BASE_CENTS = 10_000;
/** A money change larger than this either way says only that the base was small. */
export const MONEY_GROWTH_MAX_PERCENT = 1_000;

/**
 * The growth of a money figure (cents): as growthOf, except that against a base near zero, or
 * beyond ±1,000%, it is not comparable: "+6,926.6%" on a $12 profit tells an owner nothing.
 */
export function moneyGrowthOf(current: number, previous: number): Growth {
  const growth = growthOf(current, previous);
  if (growth.kind !== "percent") return growth;
  const smallBase = Math.abs(previous) < MONEY_GROWTH_MIN_BASE_CENTS;
  return smallBase || Math.abs(growth.value) > MONEY_GROWTH_MAX_PERCENT
    ? { kind: "not-comparable" }
    : growth;
}
