import { expect, test } from "vitest";
import { sydneyYear } from "./site-data";

test("the copyright year turns over at midnight in Sydney, not in UTC", () => {
  // 31 Dec 2026 14:00 UTC is already 1 Jan 2027 01:00 in Sydney (AEDT, UTC+11).
  expect(sydneyYear(new Date("2026-12-31T14:00:00Z"))).toBe(2027);
  expect(sydneyYear(new Date("2026-12-31T12:00:00Z"))).toBe(2026);
});
