import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { can, type Permission } from "~/features/auth/permissions";
import { newId } from "~/lib/ids";
import { testDialects } from "../helpers/test-database";
import {
  personalDataOf,
  startAccessServer,
  type AccessServer,
  type Customer,
  type Fixtures,
} from "./access-control.fixtures";
import {
  LAYOUT_PERMISSIONS,
  ROUTE_EXPECTATIONS,
  layoutFiles,
  routeTable,
  urlOf,
  type RouteExpectation,
} from "./access-control.routes";

// docs/decisions/0038-access-control-suite.md: every route of app/routes.ts, for every kind of visitor (a
// stranger, customer A, customer B, a member of staff, an owner), against the built server as
// production runs it, on SQLite and on PostgreSQL (TEST_DATABASE_URL). The routes come from the
// route table itself; what each may do is in access-control.routes.ts. `npm run build` first.

const EVIL = "https://evil.example";
const table = routeTable();

type Visit = {
  cookie?: string;
  method?: "GET" | "POST";
  form?: Record<string, string>;
  headers?: Record<string, string>;
};

function entriesOf<K extends RouteExpectation["access"]>(access: K) {
  return table.flatMap((route) => {
    const expectation = ROUTE_EXPECTATIONS[route.file];
    return expectation?.access === access
      ? [{ ...route, expectation: expectation as Extract<RouteExpectation, { access: K }> }]
      : [];
  });
}

test("every route of app/routes.ts has a line in access-control.routes.ts that matches it", () => {
  const problems: string[] = [];
  for (const route of table) {
    const expectation = ROUTE_EXPECTATIONS[route.file];
    if (!expectation) {
      problems.push(
        `${route.file} (${route.path}) has no access expectation: add its line to ` +
          "ROUTE_EXPECTATIONS in tests/integration/access-control.routes.ts",
      );
      continue;
    }
    if (expectation.access === "admin") {
      // The declared permissions are the ones the module asks requirePermission for.
      const { loader, action, intents = {} } = expectation;
      for (const permission of [loader, action, ...Object.values(intents)]) {
        if (permission && !route.source.includes(`"${permission}"`)) {
          problems.push(`${route.file} never asks for "${permission}", which its line declares`);
        }
      }
    }
    const declaresAction = expectation.action !== undefined;
    if (declaresAction !== route.hasAction) {
      problems.push(
        `${route.file} ${route.hasAction ? "has an action its line does not declare" : "has no action, but its line declares one"}`,
      );
    }
  }
  const known = new Set(table.map((route) => route.file));
  for (const file of Object.keys(ROUTE_EXPECTATIONS)) {
    if (!known.has(file)) problems.push(`${file} is in the table but not in app/routes.ts`);
  }
  for (const file of layoutFiles()) {
    if (!(file in LAYOUT_PERMISSIONS)) {
      problems.push(`layout ${file} has no line in LAYOUT_PERMISSIONS`);
    }
  }
  expect(problems).toEqual([]);
  expect(table.length).toBeGreaterThanOrEqual(50);
});

describe.each(testDialects)("access control on %s", (dialect) => {
  let started: AccessServer;
  let f: Fixtures;

  beforeAll(async () => {
    started = await startAccessServer(dialect);
    f = started.fixtures;
  }, 60_000);

  afterAll(async () => {
    await started?.stop();
  });

  async function visit(url: string, { cookie, method = "GET", form, headers }: Visit = {}) {
    const init: RequestInit = {
      method,
      redirect: "manual",
      // A header given as "" is left out (fetch itself adds neither Origin nor Sec-Fetch-Site).
      headers: Object.fromEntries(
        Object.entries({
          ...(cookie ? { cookie } : {}),
          ...(method === "POST" ? { origin: f.baseUrl, "sec-fetch-site": "same-origin" } : {}),
          ...headers,
        }).filter(([, value]) => value !== ""),
      ),
    };
    if (method === "POST") init.body = new URLSearchParams(form ?? { intent: "access-check" });
    const response = await fetch(f.baseUrl + url, init);
    const type = response.headers.get("content-type") ?? "";
    const body = /image|octet-stream/.test(type) ? "" : await response.text().catch(() => "");
    return { status: response.status, location: response.headers.get("location"), body };
  }

  /** The fixture customers' personal data found in `body`, other than `allowed`'s. */
  function leaked(body: string, allowed?: Customer) {
    return [f.customerA, f.customerB]
      .filter((customer) => customer !== allowed)
      .flatMap(personalDataOf)
      .filter((value) => body.includes(value) || body.includes(escapeHtml(value)));
  }

  const visitors = () => ({
    stranger: undefined,
    "customer A": f.customerA.cookie,
    "customer B": f.customerB.cookie,
    staff: f.staff.cookie,
    owner: f.owner.cookie,
  });

  describe("the back office", () => {
    const admin = entriesOf("admin");

    test("a stranger and a customer are sent to sign in (GET) and refused 401 (POST)", async () => {
      for (const route of admin) {
        const url = urlOf(route.expectation.url, f);
        for (const cookie of [undefined, f.customerA.cookie]) {
          const who = cookie ? "customer A" : "a stranger";
          const page = await visit(url, { cookie });
          expect(page.status, `GET ${url} as ${who}`).toBe(302);
          expect(page.location, `GET ${url} as ${who}`).toMatch(/^\/admin\/login\?redirectTo=/);
          expect(leaked(page.body)).toEqual([]);
          if (!route.hasAction) continue;
          const post = await visit(url, { cookie, method: "POST" });
          expect(post.status, `POST ${url} as ${who}`).toBe(401);
        }
      }
    });

    test("staff get 403 from the server wherever their role lacks the route's permission", async () => {
      for (const route of admin) {
        const { loader, action, intents = {}, ownerGet = 200 } = route.expectation;
        const url = urlOf(route.expectation.url, f);
        const page = await visit(url, { cookie: f.staff.cookie });
        expect(page.status, `GET ${url} as staff (${loader})`).toBe(
          can("staff", loader) ? ownerGet : 403,
        );
        if (!action) continue;
        const post = await visit(url, { cookie: f.staff.cookie, method: "POST" });
        if (can("staff", action)) {
          expect([401, 403], `POST ${url} as staff (${action})`).not.toContain(post.status);
          expect(post.status, `POST ${url} as staff`).toBeLessThan(500);
        } else {
          expect(post.status, `POST ${url} as staff (${action})`).toBe(403);
        }
        for (const [intent, permission] of Object.entries(intents) as [string, Permission][]) {
          if (can("staff", permission)) continue;
          const refused = await visit(url, {
            cookie: f.staff.cookie,
            method: "POST",
            form: { intent },
          });
          expect(refused.status, `POST ${url} intent=${intent} as staff (${permission})`).toBe(403);
        }
      }
    });

    test("a session of one kind never stands in for the other", async () => {
      // Both cookies are signed with the same secret; only the session row's kind tells them apart.
      const customerAsStaff = f.customerA.cookie.replace(/^hg_customer=/, "hg_session=");
      const staffAsCustomer = f.owner.cookie.replace(/^hg_session=/, "hg_customer=");
      const admin = await visit("/admin/dashboard", { cookie: customerAsStaff });
      expect(admin.status).toBe(302);
      expect(admin.location).toMatch(/^\/admin\/login/);
      for (const url of entriesOf("customer").map((route) => urlOf(route.expectation.url, f))) {
        const page = await visit(url, { cookie: staffAsCustomer });
        expect(page.status, `GET ${url} with the owner's token as a customer cookie`).toBe(200);
        expect(page.body, url).not.toContain(f.owner.email);
        expect(leaked(page.body), url).toEqual([]);
      }
    });

    test("their data requests (.data, as client navigation fetches) are guarded alike", async () => {
      for (const route of admin.filter((entry) => entry.file.endsWith(".tsx"))) {
        const page = new URL(urlOf(route.expectation.url, f), f.baseUrl);
        const url = `${page.pathname.replace(/\/$/, "")}.data${page.search}`;
        const { loader } = route.expectation;
        for (const [who, cookie] of [
          ["a stranger", undefined],
          ["customer A", f.customerA.cookie],
          ["staff", f.staff.cookie],
        ] as const) {
          if (who === "staff" && can("staff", loader)) continue;
          const answer = await visit(url, { cookie });
          expect(answer.status, `GET ${url} as ${who}`).not.toBe(200);
          expect(answer.status, `GET ${url} as ${who}`).toBeLessThan(500);
          expect(leaked(answer.body), `GET ${url} as ${who}`).toEqual([]);
        }
      }
    });

    test("an owner opens every page and may post to every action", async () => {
      for (const route of admin) {
        const url = urlOf(route.expectation.url, f);
        const page = await visit(url, { cookie: f.owner.cookie });
        expect(page.status, `GET ${url} as the owner`).toBe(route.expectation.ownerGet ?? 200);
        if (!route.hasAction) continue;
        const post = await visit(url, { cookie: f.owner.cookie, method: "POST" });
        expect([401, 403], `POST ${url} as the owner`).not.toContain(post.status);
        expect(post.status, `POST ${url} as the owner`).toBeLessThan(500);
      }
    });
  });

  describe("public pages", () => {
    test("answer every visitor and carry no customer's personal data", async () => {
      for (const route of entriesOf("public")) {
        const url = urlOf(route.expectation.url, f);
        for (const [who, cookie] of Object.entries(visitors())) {
          const page = await visit(url, { cookie });
          const own =
            who === "customer A" ? f.customerA : who === "customer B" ? f.customerB : undefined;
          const kind = own ? "customer" : cookie ? "staff" : undefined;
          const expected =
            (kind && route.expectation.signedIn?.[kind]) ?? route.expectation.get ?? 200;
          expect(page.status, `GET ${url} as ${who}`).toBe(expected);
          // Staff pages may name customers; a public page shows a signed-in customer at most
          // their own data.
          if (who === "staff" || who === "owner") {
            expect(leaked(page.body), `GET ${url} as ${who}`).toEqual([]);
          } else {
            expect(leaked(page.body, own), `GET ${url} as ${who}`).toEqual([]);
          }
        }
      }
    });

    test("a stranger finds no email or phone of any customer, lead or cleaner applicant", async () => {
      // Everyone the database knows, the demo seed's people included (a cleaner's public
      // profile shows a first name and suburb, never how to reach them).
      const [customers, leads, cleaners, messages] = await Promise.all([
        f.db.selectFrom("customers").select(["email", "phone"]).execute(),
        f.db
          .selectFrom("quotes")
          .select(["client_email as email", "client_phone as phone"])
          .execute(),
        f.db.selectFrom("cleaners").select(["email", "phone"]).execute(),
        f.db.selectFrom("contact_messages").select(["email", "phone"]).execute(),
      ]);
      const secrets = new Set(
        [...customers, ...leads, ...cleaners, ...messages]
          .flatMap((row) => [row.email, row.phone])
          .filter((value): value is string => typeof value === "string" && value.length >= 6),
      );
      expect(secrets.size).toBeGreaterThan(4);
      for (const route of entriesOf("public")) {
        const url = urlOf(route.expectation.url, f);
        const page = await visit(url);
        const found = [...secrets].filter((value) => page.body.includes(value));
        expect(found, `GET ${url} as a stranger`).toEqual([]);
      }
    });

    test("links with a token that is not one open nothing, whoever follows them", async () => {
      const tokens = [
        randomBytes(32).toString("base64url"),
        crypto.randomUUID(),
        "..%2F..%2Fapp.db",
      ];
      for (const route of entriesOf("token")) {
        for (const token of tokens) {
          const url = route.expectation.url(token);
          for (const [who, cookie] of Object.entries(visitors())) {
            const page = await visit(url, { cookie });
            expect(page.status, `GET ${url} as ${who}`).toBeLessThan(500);
            expect(leaked(page.body), `GET ${url} as ${who}`).toEqual([]);
          }
        }
      }
    });
  });

  describe("links that carry a token", () => {
    test("each opens its own record only, whoever follows it", async () => {
      const issued = entriesOf("token").filter((route) => route.expectation.issue);
      expect(issued.length).toBeGreaterThanOrEqual(1);
      for (const route of issued) {
        for (const [own, other] of [
          [f.customerA, f.customerB],
          [f.customerB, f.customerA],
        ] as const) {
          const url = route.expectation.url(await route.expectation.issue!(f.db, own));
          for (const [who, cookie] of Object.entries(visitors())) {
            const page = await visit(url, { cookie });
            expect(page.status, `GET ${url} (${own.name}'s link) as ${who}`).toBeLessThan(400);
            expect(
              leaked(page.body, own).filter((value) => personalDataOf(other).includes(value)),
              `GET ${url} (${own.name}'s link) as ${who}`,
            ).toEqual([]);
          }
        }
      }
    });
  });

  describe("one customer's records, another customer", () => {
    test("each customer's own pages show their data and never the other's", async () => {
      for (const route of entriesOf("customer")) {
        const url = urlOf(route.expectation.url, f);
        const stranger = await visit(url);
        expect(stranger.status, `GET ${url} as a stranger`).toBe(200);
        expect(leaked(stranger.body), `GET ${url} as a stranger`).toEqual([]);
        for (const [own, other] of [
          [f.customerA, f.customerB],
          [f.customerB, f.customerA],
        ] as const) {
          const page = await visit(url, { cookie: own.cookie });
          expect(page.status, `GET ${url} as ${own.name}`).toBe(200);
          const shown = personalDataOf(own).filter((value) => page.body.includes(value));
          expect(shown.length, `GET ${url} as ${own.name} shows their own data`).toBeGreaterThan(0);
          expect(leaked(page.body, own), `GET ${url} as ${own.name}`).toEqual([]);
          // Nor the other's keys: their references and photo ids open their records.
          const keys = [other.bookingReference, other.quoteReference, other.uploadId, other.id];
          expect(
            keys.filter((key) => page.body.includes(key)),
            `GET ${url} as ${own.name}: the other customer's keys`,
          ).toEqual([]);
        }
      }
    });

    test("another customer's ids, altered references and photo ids open nothing", async () => {
      const a = f.customerA;
      const altered = (reference: string) =>
        reference.slice(0, -1) + (reference.endsWith("A") ? "B" : "A");
      const keys = [
        a.id,
        a.quoteId,
        a.bookingId,
        a.paymentId,
        a.uploadId,
        altered(a.quoteReference),
        altered(a.bookingReference),
        a.quoteReference.toLowerCase(),
        a.bookingReference.toLowerCase(),
        `${a.bookingReference}%00`,
        "",
      ];
      for (const route of entriesOf("reference")) {
        for (const key of keys) {
          const url = route.expectation.url(key);
          const page = await visit(url, { cookie: f.customerB.cookie });
          expect([302, 303, 400, 403, 404], `GET ${url} as customer B`).toContain(page.status);
          expect(leaked(page.body, f.customerB), `GET ${url} as customer B`).toEqual([]);
        }
      }
      for (const key of [a.bookingId, a.quoteId, a.paymentId, altered(a.bookingReference)]) {
        const url = `/bookings?ref=${encodeURIComponent(key)}`;
        const page = await visit(url, { cookie: f.customerB.cookie });
        expect([302, 400, 403, 404], `GET ${url} as customer B`).toContain(page.status);
        expect(leaked(page.body, f.customerB), `GET ${url} as customer B`).toEqual([]);
      }
    });

    test("each customer's own references open their own records", async () => {
      for (const route of entriesOf("reference")) {
        for (const own of [f.customerA, f.customerB]) {
          const key = route.expectation.of === "quote" ? own.quoteReference : own.bookingReference;
          const url = route.expectation.url(key);
          const page = await visit(url, { cookie: own.cookie });
          expect(page.status, `GET ${url} as its owner`).toBeLessThan(500);
          expect(leaked(page.body, own), `GET ${url} as its owner`).toEqual([]);
        }
      }
    });

    test("customer B cannot change or cancel customer A's booking", async () => {
      const before = await recordsOf(f.customerA);
      for (const intent of ["cancel", "reschedule"]) {
        const post = await visit("/bookings", {
          cookie: f.customerB.cookie,
          method: "POST",
          form: { intent, bookingId: f.customerA.bookingId, date: "2030-01-07", timeSlot: "10:00" },
        });
        expect(post.status, `${intent} A's booking as B`).toBe(404);
        expect(leaked(post.body, f.customerB)).toEqual([]);
      }
      expect(await recordsOf(f.customerA)).toEqual(before);
    });
  });

  describe("the cleaner's app", () => {
    const app = () => entriesOf("cleaner");

    test("strangers, customers and staff are sent to its sign-in, GET and POST alike", async () => {
      expect(app().length).toBeGreaterThanOrEqual(1);
      for (const route of app()) {
        const url = urlOf(route.expectation.url, f);
        for (const [who, cookie] of Object.entries(visitors())) {
          const page = await visit(url, { cookie });
          expect(page.status, `GET ${url} as ${who}`).toBe(302);
          expect(page.location, `GET ${url} as ${who}`).toBe("/cleaner/sign-in");
          if (!route.hasAction) continue;
          const post = await visit(url, {
            cookie,
            method: "POST",
            form: { assignmentId: f.cleanerA.assignmentId, answer: "accept" },
          });
          expect(post.status, `POST ${url} as ${who}`).toBe(302);
        }
      }
      const offer = await offerOf(f.cleanerA.assignmentId);
      expect(offer?.status).toBe("pending");
    });

    test("a cleaner session opens the app, and nothing of the back office or a customer's pages", async () => {
      const page = await visit("/cleaner", { cookie: f.cleanerA.cookie });
      expect(page.status).toBe(200);
      expect(page.body).toContain(f.cleanerA.assignmentId);
      expect(page.body).not.toContain(f.cleanerB.assignmentId);
      expect(leaked(page.body)).toEqual([]);
      // Its token under the other cookies' names is refused: the session's kind tells.
      const token = f.cleanerA.cookie.replace(/^hg_cleaner=/, "");
      const asStaff = await visit("/admin/dashboard", { cookie: `hg_session=${token}` });
      expect(asStaff.status).toBe(302);
      expect(asStaff.location).toMatch(/^\/admin\/login/);
      for (const route of entriesOf("customer")) {
        const url = urlOf(route.expectation.url, f);
        const mine = await visit(url, { cookie: `hg_customer=${token}` });
        expect(mine.status, `GET ${url} with a cleaner token as a customer cookie`).toBe(200);
        expect(leaked(mine.body), url).toEqual([]);
      }
      // And the staff and customer tokens under the cleaner cookie's name open nothing.
      for (const cookie of [f.owner.cookie, f.customerA.cookie]) {
        const renamed = cookie.replace(/^hg_(session|customer)=/, "hg_cleaner=");
        const refused = await visit("/cleaner", { cookie: renamed });
        expect(refused.status).toBe(302);
        expect(refused.location).toBe("/cleaner/sign-in");
      }
    });

    test("one cleaner's offer ids are not found for another, and nothing changes", async () => {
      const before = await offerOf(f.cleanerA.assignmentId);
      for (const answer of ["accept", "decline"]) {
        const post = await visit("/cleaner", {
          cookie: f.cleanerB.cookie,
          method: "POST",
          form: { assignmentId: f.cleanerA.assignmentId, answer },
        });
        expect(post.status, `${answer} A's offer as cleaner B`).toBe(404);
        expect(post.body).not.toContain(f.cleanerA.assignmentId);
      }
      expect(await offerOf(f.cleanerA.assignmentId)).toEqual(before);
    });

    test("one cleaner's time off is not found for another, who can neither see nor remove it", async () => {
      const timeOffId = newId();
      await f.db
        .insertInto("cleaner_time_off")
        .values({
          id: timeOffId,
          cleaner_id: f.cleanerA.id,
          starts_on: "2099-01-04",
          ends_on: "2099-01-08",
          status: "requested",
          created_by: null,
          created_at: new Date().toISOString(),
        })
        .execute();
      const page = await visit("/cleaner/availability", { cookie: f.cleanerB.cookie });
      expect(page.status).toBe(200);
      expect(page.body).not.toContain(timeOffId);
      const post = await visit("/cleaner/availability", {
        cookie: f.cleanerB.cookie,
        method: "POST",
        form: { intent: "withdraw", timeOffId },
      });
      expect(post.status).toBe(404);
      const mine = await visit("/cleaner/availability", { cookie: f.cleanerA.cookie });
      expect(mine.body).toContain(timeOffId);
      const kept = await f.db
        .selectFrom("cleaner_time_off")
        .select("status")
        .where("id", "=", timeOffId)
        .executeTakeFirst();
      expect(kept).toEqual({ status: "requested" });
    });

    test("one cleaner's job page and visit steps are not found for another, and nothing changes", async () => {
      // An accepted seat of cleaner A's, beside the fixtures' open offer.
      const offer = await offerOf(f.cleanerA.assignmentId);
      const seatId = `${f.cleanerA.assignmentId}-seat`;
      await f.db
        .insertInto("assignments")
        .values({ ...offer!, id: seatId, status: "accepted", token_hash: `${offer!.token_hash}0` })
        .execute();
      const url = `/cleaner/jobs/${seatId}`;
      const mine = await visit(url, { cookie: f.cleanerA.cookie });
      expect(mine.status).toBe(200);
      expect(leaked(mine.body)).toEqual([]);
      const before = await offerOf(seatId);
      const theirs = await visit(url, { cookie: f.cleanerB.cookie });
      expect(theirs.status).toBe(404);
      expect(theirs.body).not.toContain(seatId);
      for (const intent of ["on-my-way", "check-in", "tick", "problem", "check-out"]) {
        const post = await visit(url, {
          cookie: f.cleanerB.cookie,
          method: "POST",
          form: { intent, etaMinutes: "20", kind: "key", itemId: "any", done: "1" },
        });
        expect(post.status, `${intent} on A's seat as cleaner B`).toBe(404);
      }
      // A's own offer that is not accepted has no job page either.
      const offered = await visit(`/cleaner/jobs/${f.cleanerA.assignmentId}`, {
        cookie: f.cleanerA.cookie,
      });
      expect(offered.status).toBe(404);
      expect(await offerOf(seatId)).toEqual(before);
      // The demo has problems of its own (its cleaner's day); none was added to this seat.
      const problems = await f.db
        .selectFrom("job_problems")
        .selectAll()
        .where("assignment_id", "=", seatId)
        .execute();
      expect(problems).toEqual([]);
    });
  });

  describe("cross-site requests", () => {
    /** Everything a forged post could change, to compare before and after. */
    async function snapshot() {
      const [customers, bookings, quotes, payments, staff, settings] = await Promise.all([
        f.db.selectFrom("customers").selectAll().orderBy("id").execute(),
        f.db.selectFrom("bookings").selectAll().orderBy("id").execute(),
        f.db
          .selectFrom("quotes")
          .select(["id", "status", "lead_status", "client_name"])
          .orderBy("id")
          .execute(),
        f.db.selectFrom("payments").selectAll().orderBy("id").execute(),
        f.db.selectFrom("staff_users").selectAll().orderBy("id").execute(),
        f.db.selectFrom("settings").selectAll().execute(),
      ]);
      return { customers, bookings, quotes, payments, staff, settings };
    }

    test("every mutation refuses a post from another site with 403 and changes nothing", async () => {
      const before = await snapshot();
      const sessionsBefore = await liveSessions();
      const forged = {
        intent: "cancel",
        bookingId: f.customerA.bookingId,
        name: "Mallory Forger",
        phone: "0400 000 000",
        email: "mallory@evil.example",
      };
      const variants: [string, Record<string, string>][] = [
        ["Origin: https://evil.example", { origin: EVIL, "sec-fetch-site": "cross-site" }],
        ["Origin: https://evil.example alone", { origin: EVIL, "sec-fetch-site": "" }],
        ["Sec-Fetch-Site: cross-site", { origin: "", "sec-fetch-site": "cross-site" }],
        ["Origin: null", { origin: "null", "sec-fetch-site": "" }],
        ["no Origin, with a session cookie", { origin: "", "sec-fetch-site": "" }],
      ];
      const checked: string[] = [];
      for (const route of table.filter((entry) => entry.hasAction)) {
        const expectation = ROUTE_EXPECTATIONS[route.file]!;
        if (expectation.action === "signed") continue;
        const url =
          expectation.access === "reference"
            ? expectation.url(f.customerA.bookingReference)
            : expectation.access === "token"
              ? expectation.url(randomBytes(16).toString("hex"))
              : urlOf(expectation.url, f);
        const cookie =
          expectation.access === "admin"
            ? f.owner.cookie
            : `${f.customerA.cookie}; ${f.owner.cookie}`;
        for (const [label, headers] of variants) {
          const post = await visit(url, {
            cookie,
            method: "POST",
            form: forged,
            headers,
          });
          expect(post.status, `POST ${url} with ${label}`).toBe(403);
          expect(leaked(post.body), `POST ${url} with ${label}`).toEqual([]);
        }
        checked.push(url);
      }
      expect(checked.length).toBeGreaterThanOrEqual(20);
      expect(await snapshot()).toEqual(before);
      expect(await liveSessions()).toEqual(sessionsBefore);
    });

    test("this site's own pages still post", async () => {
      const post = await visit("/profile/details", {
        cookie: f.customerB.cookie,
        method: "POST",
        form: { name: f.customerB.name, phone: f.customerB.phone },
      });
      expect(post.status).toBe(200);
    });
  });

  async function recordsOf(customer: Customer) {
    return {
      booking: await f.db
        .selectFrom("bookings")
        .selectAll()
        .where("id", "=", customer.bookingId)
        .executeTakeFirst(),
      payment: await f.db
        .selectFrom("payments")
        .selectAll()
        .where("id", "=", customer.paymentId)
        .executeTakeFirst(),
    };
  }

  async function offerOf(id: string) {
    return f.db.selectFrom("assignments").selectAll().where("id", "=", id).executeTakeFirst();
  }

  async function liveSessions() {
    const rows = await f.db.selectFrom("sessions").select("id").orderBy("id").execute();
    return rows.map((row) => row.id);
  }
});

function escapeHtml(value: string) {
  return value.replaceAll("&", "&amp;").replaceAll("'", "&#x27;").replaceAll('"', "&quot;");
}
