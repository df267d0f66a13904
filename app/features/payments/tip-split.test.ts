import { describe, expect, test } from "vitest";
import { splitTip } from "./tip-split";

describe("splitting a tip among the crew", () => {
  test("a tip shared by two seats gives each half", () => {
    const shares = splitTip(2000, [
      { seat: 2, cleanerId: "b" },
      { seat: 1, cleanerId: "a" },
    ]);
    expect(shares).toEqual([
      { seat: 1, cleanerId: "a", amountCents: 1000 },
      { seat: 2, cleanerId: "b", amountCents: 1000 },
    ]);
  });

  test("the cents that do not divide go one each to the lowest seats, and nothing is lost", () => {
    const crew = [1, 2, 3].map((seat) => ({ seat, cleanerId: `c${seat}` }));
    const shares = splitTip(1001, crew);
    expect(shares.map((share) => share.amountCents)).toEqual([334, 334, 333]);
    expect(shares.reduce((sum, share) => sum + share.amountCents, 0)).toBe(1001);
  });

  test("a crew of one takes the whole tip, and no crew takes nothing", () => {
    expect(splitTip(3000, [{ seat: 1, cleanerId: "a" }])[0]!.amountCents).toBe(3000);
    expect(splitTip(3000, [])).toEqual([]);
  });
});
