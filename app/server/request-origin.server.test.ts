import { describe, expect, test } from "vitest";
import { isSameOriginRequest, requireSameOrigin } from "./request-origin.server";

const config = { publicUrl: "https://clean.example.com.au" };
const post = (headers: Record<string, string>, url = "http://localhost:3000/admin/settings") =>
  new Request(url, { method: "POST", headers });

describe("cross-site request refusal", () => {
  test("reading is never refused", () => {
    const get = new Request("http://localhost:3000/admin", {
      headers: { origin: "https://evil.example" },
    });
    expect(isSameOriginRequest(get, config)).toBe(true);
  });

  test("a post from the address it reached, or from PUBLIC_URL behind a proxy, passes", () => {
    expect(isSameOriginRequest(post({ origin: "http://localhost:3000" }), config)).toBe(true);
    expect(isSameOriginRequest(post({ origin: "https://clean.example.com.au" }), config)).toBe(
      true,
    );
  });

  test("a post from another site, or from an opaque origin, is refused", () => {
    expect(isSameOriginRequest(post({ origin: "https://evil.example" }), config)).toBe(false);
    expect(isSameOriginRequest(post({ origin: "null" }), config)).toBe(false);
    expect(isSameOriginRequest(post({ origin: "http://localhost:3001" }), config)).toBe(false);
  });

  test("without Origin, Sec-Fetch-Site must say same-origin", () => {
    expect(isSameOriginRequest(post({ "sec-fetch-site": "same-origin" }), config)).toBe(true);
    expect(isSameOriginRequest(post({ "sec-fetch-site": "cross-site" }), config)).toBe(false);
    expect(isSameOriginRequest(post({ "sec-fetch-site": "same-site" }), config)).toBe(false);
    expect(isSameOriginRequest(post({ "sec-fetch-site": "none" }), config)).toBe(false);
  });

  test("a client sending neither header may write only without a session cookie", () => {
    expect(isSameOriginRequest(post({}), config)).toBe(true);
    expect(isSameOriginRequest(post({ cookie: "theme=dark" }), config)).toBe(true);
    expect(isSameOriginRequest(post({ cookie: "hg_session=abc" }), config)).toBe(false);
    expect(isSameOriginRequest(post({ cookie: "theme=dark; hg_customer=abc" }), config)).toBe(
      false,
    );
    expect(
      isSameOriginRequest(
        post({ cookie: "hg_session=abc", origin: "http://localhost:3000" }),
        config,
      ),
    ).toBe(true);
  });

  test("the guard answers 403", () => {
    try {
      requireSameOrigin(post({ origin: "https://evil.example" }), config);
      expect.unreachable();
    } catch (error) {
      expect((error as { init?: { status?: number } }).init?.status).toBe(403);
    }
  });
});
