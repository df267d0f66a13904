import { createCookie, type Cookie } from "react-router";
import { z } from "zod";
import { sha256 } from "~/lib/crypto.server";
import type { AppConfig } from "~/server/config.server";

// A device a staff member has signed in on carries this: a signed, httpOnly cookie naming them,
// kept 90 days. It grants nothing by itself (the password and second factor are still asked);
// it only lets that person's sign-in be hashed ahead of strangers' and past the account's flood
// budget (docs/decisions/0049-sign-in-under-a-flood.md).
export const KNOWN_DEVICE_COOKIE_NAME = "hg_device";
export const KNOWN_DEVICE_MS = 90 * 24 * 60 * 60 * 1000;

const KnownDeviceSchema = z.object({ staffId: z.string().min(1) });

type CookieConfig = Pick<AppConfig, "isProduction" | "sessionSecret">;
const cookies = new WeakMap<CookieConfig, Cookie>();

function knownDeviceCookie(config: CookieConfig) {
  let cookie = cookies.get(config);
  if (!cookie) {
    cookie = createCookie(KNOWN_DEVICE_COOKIE_NAME, {
      httpOnly: true,
      sameSite: "lax",
      secure: config.isProduction,
      path: "/admin",
      maxAge: KNOWN_DEVICE_MS / 1000,
      // A key of its own, so a value signed for another cookie is never valid here.
      secrets: [sha256(`known-device:${config.sessionSecret}`)],
    });
    cookies.set(config, cookie);
  }
  return cookie;
}

/** The Set-Cookie header that marks this device as one `staffId` signed in on. */
export async function serializeKnownDevice(config: CookieConfig, staffId: string) {
  return knownDeviceCookie(config).serialize({ staffId });
}

/** The staff member this device signed in as before, or null when missing or forged. */
export async function readKnownDevice(request: Request, config: CookieConfig) {
  const raw: unknown = await knownDeviceCookie(config).parse(request.headers.get("cookie"));
  const parsed = KnownDeviceSchema.safeParse(raw);
  return parsed.success ? parsed.data.staffId : null;
}
