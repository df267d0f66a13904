import { describe, expect, test } from "vitest";
import { redactPath } from "./request-log.server";

describe("request log paths", () => {
  test("long tokens in a path are replaced, ordinary paths kept", () => {
    expect(redactPath("/account/magic/AbCdEfGhIjKlMnOpQrStUvWxYz012345")).toBe(
      "/account/magic/:token",
    );
    expect(redactPath("/services/1")).toBe("/services/1");
  });
});
