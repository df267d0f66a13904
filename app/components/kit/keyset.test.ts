import { describe, expect, test } from "vitest";
import { decodeCursor, encodeCursor, pageHref, readSort, sortHref } from "./keyset";

describe("keyset cursors", () => {
  test("a cursor survives the trip through the URL, accents and all", () => {
    const cursor = { value: "2026-11-25T07:19:05.000Z", id: "Zoë/übung+1" };
    const text = encodeCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(text)).toEqual(cursor);
  });

  test("an edited, truncated or foreign cursor reads as no cursor", () => {
    const text = encodeCursor({ value: "a", id: "b" });
    expect(decodeCursor(text.slice(0, -3))).toBeNull();
    expect(decodeCursor("not a cursor!")).toBeNull();
    expect(decodeCursor(btoa(JSON.stringify({ value: "a" })))).toBeNull();
    expect(decodeCursor("")).toBeNull();
    expect(decodeCursor(null)).toBeNull();
  });
});

describe("sorting and paging links", () => {
  const columns = ["created", "name"] as const;
  const fallback = { column: "created", direction: "desc" } as const;

  test("an unknown sort column falls back to the table's default order", () => {
    expect(readSort(new URLSearchParams("sort=password&dir=asc"), columns, fallback)).toEqual(
      fallback,
    );
    expect(readSort(new URLSearchParams("sort=name&dir=asc"), columns, fallback)).toEqual({
      column: "name",
      direction: "asc",
    });
  });

  test("a header sorts descending first, then flips, and goes back to the first page", () => {
    const params = new URLSearchParams("status=dead&after=abc");
    expect(sortHref(params, "name", fallback)).toBe("?status=dead&sort=name&dir=desc");
    expect(sortHref(params, "created", fallback)).toBe("?status=dead&sort=created&dir=asc");
  });

  test("paging keeps the filters and carries one cursor", () => {
    const params = new URLSearchParams("kind=email&before=old");
    expect(pageHref(params, "after", "xyz")).toBe("?kind=email&after=xyz");
    expect(pageHref(new URLSearchParams(), "after", null)).toBe("?");
  });
});
