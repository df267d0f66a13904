import sharp from "sharp";
import { residentialRequest } from "~/features/quote/quote-fixtures";

// What must hold when several app processes share one database (docs/operations.md#scaling-out), as HTTP
// calls a test or `npm run bench:scaleout` makes against the processes (each one's own URL) or
// the round-robin proxy in front of them. The processes run with TRUST_PROXY=on, so
// X-Forwarded-For names the caller and each check counts against an address of its own.

/** Signs in through `baseUrl` and returns the Cookie header that carries the staff session. */
export async function signInStaff(baseUrl: string, email: string, password: string) {
  const response = await fetch(`${baseUrl}/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl },
    body: new URLSearchParams({ intent: "password", email, password }),
    redirect: "manual",
  });
  await response.arrayBuffer();
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
  if (response.status !== 302 || cookies.length === 0) {
    throw new Error(`sign-in answered ${response.status} without a session cookie`);
  }
  return cookies.join("; ");
}

/** The dashboard's status for that cookie: 200 signed in, a redirect to the login when not. */
export async function dashboardStatus(baseUrl: string, cookie: string) {
  const response = await fetch(`${baseUrl}/admin/dashboard`, {
    headers: { cookie },
    redirect: "manual",
  });
  await response.arrayBuffer();
  return response.status;
}

const QUOTE_BODY = { ...residentialRequest, images: [], photosWaived: true };

/** One quote from `clientIp`; the status says whether the limit let it through (201 or 429). */
export async function postQuote(baseUrl: string, clientIp: string) {
  const response = await fetch(`${baseUrl}/api/v1/quotes`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": clientIp },
    body: JSON.stringify(QUOTE_BODY),
  });
  await response.arrayBuffer();
  return response.status;
}

/**
 * Sends `attempts` quotes from one address, one after another, and counts what each status got.
 * Waits first when a minute's window is about to turn (windows start on the minute), so all of
 * them fall in one window and the count is exact.
 */
export async function quotesLetThrough(baseUrl: string, clientIp: string, attempts: number) {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 50_000) await new Promise((r) => setTimeout(r, 60_500 - intoMinute));
  const statuses: number[] = [];
  for (let i = 0; i < attempts; i += 1) statuses.push(await postQuote(baseUrl, clientIp));
  return {
    created: statuses.filter((status) => status === 201).length,
    limited: statuses.filter((status) => status === 429).length,
    other: statuses.filter((status) => status !== 201 && status !== 429),
  };
}

/** Uploads a small photo through `baseUrl`; returns the URL the API gave it. */
export async function uploadPhoto(baseUrl: string, clientIp: string) {
  const jpeg = await sharp({
    create: { width: 320, height: 240, channels: 3, background: { r: 192, g: 128, b: 64 } },
  })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append("photo", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "photo.jpg");
  const response = await fetch(`${baseUrl}/api/uploads`, {
    method: "POST",
    headers: { origin: baseUrl, "x-forwarded-for": clientIp },
    body: form,
  });
  const body = (await response.json()) as { url?: string; error?: string };
  if (response.status !== 201 || !body.url) {
    throw new Error(`upload answered ${response.status}: ${body.error ?? ""}`);
  }
  return body.url;
}

/** The status and size of an upload fetched from `baseUrl`. */
export async function fetchUpload(baseUrl: string, uploadUrl: string) {
  const response = await fetch(new URL(uploadUrl, baseUrl));
  const bytes = await response.arrayBuffer();
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    size: bytes.byteLength,
  };
}

/** How often each webhook-id reached the host: ids that arrived more than once, with counts. */
export function repeatedWebhookIds(requests: Array<{ headers: Record<string, unknown> }>) {
  const counts = new Map<string, number>();
  for (const request of requests) {
    const id = String(request.headers["webhook-id"]);
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return [...counts].filter(([, count]) => count > 1);
}
