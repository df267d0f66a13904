import { describe, expect, test } from "vitest";
import { testConfig } from "./auth.test-helpers";
import { readKnownDevice, serializeKnownDevice } from "./known-device.server";
import { serializePendingSignIn } from "./pending-sign-in.server";

const config = testConfig();

function requestWith(setCookie: string) {
  return new Request("https://harbour.example/admin/login", {
    headers: { cookie: setCookie.split(";")[0]! },
  });
}

describe("the known-device cookie", () => {
  test("is httpOnly, SameSite=Lax, for /admin only, kept 90 days, and names the staff member", async () => {
    const setCookie = await serializeKnownDevice(config, "staff-1");
    expect(setCookie).toMatch(/^hg_device=/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).toContain("Path=/admin");
    expect(setCookie).toContain(`Max-Age=${90 * 24 * 60 * 60}`);
    expect(await readKnownDevice(requestWith(setCookie), config)).toBe("staff-1");
  });

  test("a forged or altered value, or one signed with another secret, names nobody", async () => {
    const setCookie = await serializeKnownDevice(config, "staff-1");
    const [name, value] = setCookie.split(";")[0]!.split("=");
    const forged = btoa(JSON.stringify({ staffId: "staff-2" }));
    const altered = `${name}=${forged}${value!.slice(value!.indexOf("."))}`;
    expect(await readKnownDevice(requestWith(altered), config)).toBeNull();
    const otherSecret = testConfig({ sessionSecret: "t".repeat(48) });
    expect(await readKnownDevice(requestWith(setCookie), otherSecret)).toBeNull();
    // The second-factor cookie is signed with a key of its own: renamed, it is not accepted.
    const pending = (await serializePendingSignIn(config, "staff-2")).replace(
      "hg_2fa",
      "hg_device",
    );
    expect(await readKnownDevice(requestWith(pending), config)).toBeNull();
  });
});
