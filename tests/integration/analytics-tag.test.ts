import Database from "better-sqlite3";
import { createHash } from "node:crypto";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { cspDirectives } from "../helpers/csp";
import { prepareSeededDataFolder, spawnSeededServer } from "../helpers/seeded-data-folder";
import { waitUntilListening, type ServerProcess } from "../helpers/server-process";

// docs/decisions/0016-analytics-only-when-configured.md against the built server: no third-party script and no analytics host in the CSP until a
// tag id is set; then public pages (never the admin) load gtag.js async, allowed by the
// response's nonce or (cacheable pages) by hash, and the CSP names the host. Nothing is fetched from Google: only the HTML is read.

const GTAG = "https://www.googletagmanager.com";

async function get(url: string) {
  const response = await fetch(url);
  return { response, html: await response.text(), csp: cspDirectives(response) };
}

let server: ServerProcess | undefined;
beforeAll(() => prepareSeededDataFolder(), 120_000);
afterEach(async () => {
  await server?.cleanUp();
});

async function start(env: Record<string, string> = {}) {
  server = await spawnSeededServer(env);
  return waitUntilListening(server);
}

describe("the analytics tag", () => {
  test("is absent, and its host not allowed, while no tag id is set", async () => {
    const url = await start();
    const { html, csp } = await get(`${url}/`);
    expect(html).not.toContain("googletagmanager");
    expect(html).not.toContain("gtag(");
    expect(csp.get("script-src")).not.toContain(GTAG);
    expect((csp.get("connect-src") ?? []).join(" ")).not.toContain("google");
  });

  test("from the environment: public pages load it async, allowed by nonce or hash; the admin does not", async () => {
    const url = await start({ ANALYTICS_TAG_ID: "G-TEST12345" });
    for (const page of ["/", "/contact", "/no-such-page"]) {
      const { html, csp } = await get(`${url}${page}`);
      const scriptSrc = csp.get("script-src") ?? [];
      expect(scriptSrc, page).toContain(GTAG);
      expect(csp.get("connect-src"), page).toContain("https://*.google-analytics.com");
      const tag = html.match(/<script[^>]*googletagmanager[^>]*>/)?.[0] ?? "";
      expect(tag, page).toContain(`src="${GTAG}/gtag/js?id=G-TEST12345"`);
      expect(tag, page).toMatch(/\basync\b/);
      const inline = html.match(/<script nonce="([^"]*)">(window\.dataLayer[^<]*)<\/script>/);
      expect(inline?.[0], page).toContain('gtag("config","G-TEST12345")');
      // A page a CDN may keep (decision 0035) allows its inline scripts by hash; any other page
      // by the response's nonce, which both scripts carry.
      const nonce = /'nonce-([^']+)'/.exec(scriptSrc.join(" "))?.[1];
      if (nonce) {
        expect(tag, page).toContain(`nonce="${nonce}"`);
        expect(inline?.[1], page).toBe(nonce);
      } else {
        const hash = createHash("sha256").update(inline![2]!, "utf8").digest("base64");
        expect(scriptSrc, page).toContain(`'sha256-${hash}'`);
      }
    }
    const admin = await get(`${url}/admin/login`);
    expect(admin.html).not.toContain("googletagmanager");
    expect(admin.csp.get("script-src")).not.toContain(GTAG);
  });

  test("saved by staff through another process, it is on the next request, and gone once cleared", async () => {
    const url = await start();
    expect((await get(`${url}/`)).html).not.toContain("googletagmanager");

    // What the settings screen's save does, from a second process: the setting and a bump of
    // the content version in one transaction.
    const db = new Database(path.join(server!.dataDir, "app.db"));
    const save = (value: string) =>
      db.transaction(() => {
        db.prepare(
          "insert into settings (key, value, updated_at, updated_by) values ('analytics_tag_id', ?, ?, null) " +
            "on conflict (key) do update set value = excluded.value",
        ).run(JSON.stringify(value), new Date().toISOString());
        db.prepare("update content_version set version = version + 1 where id = 1").run();
      })();
    try {
      save("G-SAVED9876");
      const on = await get(`${url}/services`);
      expect(on.html).toContain(`${GTAG}/gtag/js?id=G-SAVED9876`);
      expect(on.csp.get("script-src")).toContain(GTAG);

      save("");
      const off = await get(`${url}/services`);
      expect(off.html).not.toContain("googletagmanager");
      expect(off.csp.get("script-src")).not.toContain(GTAG);
    } finally {
      db.close();
    }
  });
});
