/** A change against the preceding period: a percentage, "new" from nothing, or nothing at all. */
export type Growth = { kind: "percent"; value: number } | { kind: "new" } | { kind: "none" };

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
