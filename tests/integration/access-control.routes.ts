import { readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { insertAssignment } from "~/features/assignments/assignments.repository.server";
import type { Permission } from "~/features/auth/permissions";
import { insertMagicLink } from "~/features/auth/magic-links.repository.server";
import { insertReviewRequest } from "~/features/review-requests/review-request.repository.server";
import routes from "~/routes";
import type { Kysely } from "kysely";
import { sha256 } from "~/lib/crypto.server";
import { newId, newToken } from "~/lib/ids";
import type { Database } from "~/server/database";
import { exportsFunction } from "../helpers/route-modules";
import type { Customer, Fixtures } from "./access-control.fixtures";

// The one table of who may open what (docs/decisions/0038-access-control-suite.md): one line per route module of
// app/routes.ts. access-control.test.ts reads the route table itself and fails, naming the file,
// for a route that has no line here, so a new route is checked without anyone remembering to.
// Adding a route? Add its line below (the kinds are described at RouteExpectation).

type Url = string | ((fixtures: Fixtures) => string);

export type RouteExpectation =
  /**
   * Back office, behind a staff session. `loader` is the permission its loader declares (GET:
   * stranger -> sign-in redirect, staff without it -> 403); `action` the one its action declares,
   * with `intents` for intents that need more (POST: stranger -> 401, without it -> 403).
   * `ownerGet` is the status an owner gets for `url` (200 unless the URL names nothing).
   */
  | {
      access: "admin";
      url: Url;
      loader: Permission;
      action?: Permission;
      intents?: Record<string, Permission>;
      ownerGet?: number;
    }
  /**
   * Open to everyone and shows nobody's personal data (its body is scanned for the fixture
   * customers'). `get` is a stranger's status. A `form` action (a public form) refuses a
   * cross-site post; `signed` actions are checked by a signature instead (server-to-server).
   */
  | {
      access: "public";
      url: Url;
      get?: number;
      /** The status for a signed-in customer or member of staff, where it differs (sign-in pages send them on) */
      signedIn?: Partial<Record<"customer" | "staff", number>>;
      action?: "form" | "signed";
    }
  /**
   * A customer's own page: a stranger gets the sign-in prompt, each customer only their own data;
   * its action changes only the signed-in customer's own records and refuses cross-site posts.
   */
  | { access: "customer"; url: Url; action?: "form" }
  /**
   * The cleaner's app (docs/decisions/0063-cleaner-app-sign-in.md): only a cleaner session opens
   * it; strangers, customers and staff are sent to its sign-in, and one cleaner's ids open
   * nothing for another.
   */
  | { access: "cleaner"; url: Url; action?: "form" }
  /**
   * A page keyed by an unguessable reference (docs/decisions/0005-durable-references.md):
   * `url` builds it from a reference or id; anything but the record's own reference (another
   * record's id, a made-up reference) opens nothing. `of` says which record's reference it takes.
   */
  | {
      access: "reference";
      url: (key: string) => string;
      of: "quote" | "booking";
      action?: "form";
    }
  /**
   * Opened by a link with a secret token (an invitation, a magic link, a cleaner's offer): with
   * a token that is not one, nobody's personal data shows, whoever asks.
   */
  | {
      access: "token";
      url: (token: string) => string;
      action?: "form";
      /**
       * Makes a live token for `customer`'s record (a magic link; for a cleaner's offer link, an
       * offer on the customer's booking), so the suite can check that each link opens its own
       * record and never the other customer's. Without it only made-up tokens are tried.
       */
      issue?: (db: Kysely<Database>, customer: Customer) => Promise<string>;
    };

export const ROUTE_EXPECTATIONS: Record<string, RouteExpectation> = {
  // The public site.
  "routes/home.tsx": { access: "public", url: "/" },
  "routes/services.tsx": { access: "public", url: "/services" },
  "routes/quote-start.tsx": { access: "public", url: "/services/1", action: "form" },
  "routes/about.tsx": { access: "public", url: "/about" },
  "routes/contact.tsx": { access: "public", url: "/contact", action: "form" },
  "routes/quote-result.tsx": {
    access: "reference",
    of: "quote",
    url: (ref) => `/quote-result?ref=${encodeURIComponent(ref)}`,
  },
  "routes/booking.tsx": {
    access: "reference",
    of: "quote",
    url: (ref) => `/booking?ref=${encodeURIComponent(ref)}`,
    action: "form",
  },
  "routes/booking-success.tsx": {
    access: "reference",
    of: "booking",
    url: (ref) => `/booking-success?ref=${encodeURIComponent(ref)}`,
  },
  "routes/bookings.tsx": { access: "customer", url: "/bookings", action: "form" },
  // A customer's regular cleans (docs/decisions/0073-series-occurrences-are-bookings.md).
  "routes/regular-cleans.tsx": { access: "customer", url: "/bookings/regular", action: "form" },
  // A series' calendar file opens only for its signed-in customer; a made-up id opens nothing.
  "routes/regular-clean-calendar.ts": {
    access: "token",
    url: (seriesId) => `/bookings/regular/${encodeURIComponent(seriesId)}/calendar.ics`,
  },
  "routes/payment.tsx": {
    access: "reference",
    of: "booking",
    url: (ref) => `/payment?ref=${encodeURIComponent(ref)}`,
    action: "form",
  },
  // docs/decisions/0078-tips-go-to-the-crew.md: the booking's reference is the key, as on /payment.
  "routes/tip.tsx": {
    access: "reference",
    of: "booking",
    url: (ref) => `/tip?ref=${encodeURIComponent(ref)}`,
    action: "form",
  },
  "routes/payment-success.tsx": {
    access: "reference",
    of: "booking",
    url: (ref) => `/payment-success?ref=${encodeURIComponent(ref)}`,
    // Saving the series' card for later visits (docs/decisions/0093-save-a-card-after-the-first-visit.md).
    action: "form",
  },
  "routes/provider.tsx": { access: "public", url: (f) => `/provider/${f.cleanerId}` },
  "routes/profile.tsx": { access: "customer", url: "/profile", action: "form" },
  "routes/profile-details.tsx": { access: "customer", url: "/profile/details", action: "form" },
  // The profile's texts choice posts here; a GET goes back to the details page.
  "routes/profile-text-messages.ts": {
    access: "public",
    url: "/profile/text-messages",
    get: 302,
    action: "form",
  },
  // The saved card's form posts here; a GET without Stripe's session goes back to the profile
  // (docs/decisions/0074-saved-cards-and-off-session-charges.md).
  "routes/profile-card.ts": { access: "public", url: "/profile/card", get: 302, action: "form" },
  // The signed pay link of a card that could not be charged: a made-up token opens nothing.
  "routes/pay-link.ts": {
    access: "token",
    url: (token) => `/pay-link?t=${encodeURIComponent(token)}`,
  },
  // A quote follow-up's stop link, signed (docs/decisions/0077-quote-follow-ups.md).
  "routes/quote-follow-up-stop.tsx": {
    access: "token",
    url: (token) => `/quote-follow-ups/stop/${encodeURIComponent(token)}`,
    action: "form",
  },
  "routes/sign-in.tsx": {
    access: "public",
    url: "/sign-in",
    signedIn: { customer: 302 },
    action: "form",
  },
  "routes/sign-in-verify.tsx": {
    access: "token",
    url: (token) => `/sign-in/verify?token=${encodeURIComponent(token)}`,
    action: "form",
    issue: issueMagicLink,
  },
  "routes/subscription.tsx": { access: "public", url: "/subscription", action: "form" },
  "routes/post-construction-form.tsx": { access: "public", url: "/post-construction-form" },
  "routes/post-construction-contact.tsx": {
    access: "public",
    url: "/post-construction-contact",
    action: "form",
  },
  "routes/post-construction-thank-you.tsx": {
    access: "public",
    url: "/post-construction-thank-you",
  },
  "routes/work-with-us.tsx": { access: "public", url: "/work-with-us", action: "form" },
  "routes/policies.tsx": { access: "public", url: "/policies" },
  "routes/assignment.tsx": {
    access: "token",
    url: (token) => `/assignments/${encodeURIComponent(token)}`,
    action: "form",
    issue: issueOfferLink,
  },
  "routes/review.tsx": {
    access: "token",
    url: (token) => `/review/${encodeURIComponent(token)}`,
    action: "form",
    issue: issueReviewLink,
  },
  "routes/not-found.tsx": { access: "public", url: "/no-such-page", get: 404 },

  // The cleaner's app (docs/decisions/0063-cleaner-app-sign-in.md).
  "routes/cleaner/home.tsx": { access: "cleaner", url: "/cleaner", action: "form" },
  // A job's page and its visit steps (docs/decisions/0068-job-visits.md).
  "routes/cleaner/job.tsx": {
    access: "cleaner",
    url: (f) => `/cleaner/jobs/${f.cleanerA.assignmentId}`,
    action: "form",
  },
  "routes/cleaner/sign-in.tsx": { access: "public", url: "/cleaner/sign-in", action: "form" },
  "routes/cleaner/sign-in-verify.tsx": {
    access: "token",
    url: (token) => `/cleaner/sign-in/verify?token=${encodeURIComponent(token)}`,
    action: "form",
  },
  // Signing out is a post; a GET goes back to the app, which sends a stranger to sign in.
  "routes/cleaner/sign-out.ts": {
    access: "public",
    url: "/cleaner/sign-out",
    get: 302,
    action: "form",
  },
  "routes/manifest-webmanifest.ts": { access: "public", url: "/manifest.webmanifest" },
  // A job's photo (docs/decisions/0087-job-photos-and-on-my-way-texts.md): its random id is the
  // key, and even then only its cleaner, the office or the customer after the clean see it.
  "routes/job-photo.ts": {
    access: "token",
    url: (photoId) => `/job-photos/${encodeURIComponent(photoId)}`,
  },
  // Availability, earnings and the calendar link (docs/decisions/0070-cleaner-time-off-and-working-pattern.md,
  // docs/decisions/0071-cleaner-earnings-and-calendar-feed.md).
  "routes/cleaner/availability.tsx": {
    access: "cleaner",
    url: "/cleaner/availability",
    action: "form",
  },
  "routes/cleaner/earnings.tsx": { access: "cleaner", url: "/cleaner/earnings" },
  "routes/cleaner/calendar.tsx": { access: "cleaner", url: "/cleaner/calendar", action: "form" },
  // Read by calendar apps with the link's token alone; a made-up one opens nothing.
  "routes/cleaner-calendar-feed.ts": {
    access: "token",
    url: (token) => `/calendar/cleaner/${encodeURIComponent(token)}.ics`,
  },

  // The JSON API and quote photos.
  "routes/api/estimate.ts": { access: "public", url: "/api/v1/estimate", get: 405, action: "form" },
  "routes/api/quotes.ts": { access: "public", url: "/api/v1/quotes", get: 405, action: "form" },
  "routes/api/openapi.ts": { access: "public", url: "/api/v1/openapi.json" },
  "routes/api/uploads.ts": { access: "public", url: "/api/uploads", get: 405, action: "form" },
  // A photo's random id is its key (docs/decisions/0010-photo-uploads.md), like a reference.
  "routes/api/upload.ts": {
    access: "token",
    url: (id) => `/api/uploads/${encodeURIComponent(id)}`,
  },
  "routes/api/suburbs.ts": { access: "public", url: "/api/suburbs?q=bex" },
  "routes/api/stripe-webhook.ts": {
    access: "public",
    url: "/api/stripe/webhook",
    get: 405,
    action: "signed",
  },
  // Replies to our texts, signed by Twilio (docs/decisions/0076-sms-beside-email.md).
  "routes/api/twilio-inbound.ts": {
    access: "public",
    url: "/api/twilio/inbound",
    get: 405,
    action: "signed",
  },
  "routes/sitemap-xml.ts": { access: "public", url: "/sitemap.xml" },
  "routes/robots-txt.ts": { access: "public", url: "/robots.txt" },
  "routes/og-image.ts": { access: "public", url: "/og-image.png" },

  // The back office's doors: open to strangers, showing nobody's data.
  "routes/admin/login.tsx": {
    access: "public",
    url: "/admin/login",
    signedIn: { staff: 302 },
    action: "form",
  },
  "routes/admin/logout.tsx": { access: "public", url: "/admin/logout", get: 302, action: "form" },
  "routes/admin/invite.tsx": {
    access: "token",
    url: (token) => `/admin/invite/${encodeURIComponent(token)}`,
    action: "form",
  },
  "routes/admin/forgot-password.tsx": {
    access: "public",
    url: "/admin/forgot-password",
    action: "form",
  },
  "routes/admin/reset-password.tsx": {
    access: "token",
    url: (token) => `/admin/reset-password/${encodeURIComponent(token)}`,
    action: "form",
  },

  // The back office (docs/product/back-office.md#routes-and-access).
  "routes/admin/finance-export.ts": {
    access: "admin",
    url: "/admin/finance/export.csv?view=transactions&period=week",
    loader: "finance.view",
  },
  "routes/admin/index.tsx": {
    access: "admin",
    // An index route takes a post only with ?index, as React Router targets one (a bare post to
    // /admin is the layout's, which has no action: a quiet 405 before any guard runs).
    url: "/admin?index",
    loader: "dashboard.view",
    action: "dashboard.view",
    ownerGet: 302,
  },
  "routes/admin/dashboard.tsx": {
    access: "admin",
    url: "/admin/dashboard",
    loader: "dashboard.view",
    action: "dashboard.view",
  },
  "routes/admin/quotes.tsx": {
    access: "admin",
    url: "/admin/quotes",
    loader: "leads.view",
    action: "leads.manage",
  },
  "routes/admin/messages.tsx": {
    access: "admin",
    url: "/admin/messages",
    loader: "leads.view",
    action: "leads.manage",
  },
  "routes/admin/quote.tsx": {
    access: "admin",
    url: (f) => `/admin/quotes/${f.customerA.quoteId}`,
    loader: "leads.view",
    action: "leads.manage",
  },
  "routes/admin/assign-cleaner.ts": {
    access: "admin",
    url: (f) => `/admin/assign-cleaner?quoteId=${f.customerA.quoteId}`,
    loader: "assignments.manage",
    action: "assignments.manage",
  },
  "routes/admin/customers.tsx": {
    access: "admin",
    url: "/admin/customers",
    loader: "leads.view",
    action: "leads.view",
  },
  "routes/admin/customer.tsx": {
    access: "admin",
    url: (f) => `/admin/customers/${f.customerA.id}`,
    loader: "leads.view",
    action: "bookings.manage",
  },
  "routes/admin/schedule.tsx": {
    access: "admin",
    url: "/admin/schedule?view=week&date=2026-12-07",
    loader: "leads.view",
    action: "leads.view",
  },
  "routes/admin/dispatch.tsx": {
    access: "admin",
    url: "/admin/dispatch?view=week&date=2026-12-07",
    loader: "leads.view",
    action: "assignments.manage",
  },
  "routes/admin/invoice.tsx": {
    access: "admin",
    url: "/admin/invoices/any-id",
    loader: "leads.view",
    action: "leads.view",
    ownerGet: 404,
  },
  "routes/admin/cleaners.tsx": {
    access: "admin",
    url: "/admin/cleaners",
    loader: "cleaners.view",
    action: "cleaners.manage",
  },
  "routes/admin/cleaner.tsx": {
    access: "admin",
    url: (f) => `/admin/cleaners/${f.cleanerId}`,
    loader: "cleaners.view",
    action: "cleaners.manage",
    intents: {
      reveal: "sensitive.reveal",
      bank: "sensitive.reveal",
      "pay-basis": "sensitive.reveal",
      "document-upload": "cleaner-documents.manage",
      "document-delete": "cleaner-documents.manage",
    },
  },
  "routes/admin/cleaner-document.ts": {
    access: "admin",
    url: (f) => `/admin/cleaners/${f.cleanerId}/documents/any-id`,
    loader: "cleaner-documents.manage",
    ownerGet: 404,
  },
  "routes/admin/finance.tsx": {
    access: "admin",
    url: "/admin/finance",
    loader: "finance.view",
    action: "payouts.pay",
    intents: { refund: "refunds.issue" },
  },
  "routes/admin/timesheets.tsx": {
    access: "admin",
    url: "/admin/timesheets",
    loader: "timesheets.manage",
    action: "timesheets.manage",
    intents: { approve: "payroll.manage" },
  },
  "routes/admin/pay-runs.tsx": {
    access: "admin",
    url: "/admin/pay-runs",
    loader: "payroll.manage",
    action: "payroll.manage",
  },
  "routes/admin/pay-run.tsx": {
    access: "admin",
    url: "/admin/pay-runs/any-id",
    loader: "payroll.manage",
    action: "payroll.manage",
    ownerGet: 404,
  },
  "routes/admin/pay-run-file.ts": {
    access: "admin",
    url: "/admin/pay-runs/any-id/files/lines.csv",
    loader: "payroll.manage",
    ownerGet: 404,
  },
  "routes/admin/margins.tsx": {
    access: "admin",
    url: "/admin/margins",
    loader: "finance.view",
    action: "finance.view",
  },
  "routes/admin/marketing.tsx": {
    access: "admin",
    url: "/admin/marketing",
    loader: "marketing.manage",
    action: "marketing.manage",
  },
  "routes/admin/settings.tsx": {
    access: "admin",
    url: "/admin/settings",
    loader: "settings.manage",
    action: "settings.manage",
  },
  "routes/admin/deliveries.tsx": {
    access: "admin",
    url: "/admin/deliveries",
    loader: "deliveries.manage",
    action: "deliveries.manage",
  },
  "routes/admin/team.tsx": {
    access: "admin",
    url: "/admin/team",
    loader: "team.manage",
    action: "team.manage",
  },
  "routes/admin/audit.tsx": {
    access: "admin",
    url: "/admin/audit",
    loader: "audit.view",
    action: "audit.view",
  },
  "routes/admin/account.tsx": {
    access: "admin",
    url: "/admin/account",
    loader: "account.manage",
    action: "account.manage",
  },
  "routes/admin/not-found.tsx": {
    access: "admin",
    url: "/admin/no-such-page",
    loader: "account.manage",
    action: "account.manage",
    ownerGet: 404,
  },
};

/** A magic link for `customer`, as requestMagicLink stores it (only the token's SHA-256). */
async function issueMagicLink(db: Kysely<Database>, customer: Customer) {
  const token = newToken();
  const now = Date.now();
  await insertMagicLink(db, {
    id: newId(),
    token_hash: sha256(token),
    email: customer.email,
    customer_id: customer.id,
    expires_at: new Date(now + 15 * 60_000).toISOString(),
    created_at: new Date(now).toISOString(),
  });
  return token;
}

/** A review link for `customer`'s quote, as Request review stores it (only the token's SHA-256). */
async function issueReviewLink(db: Kysely<Database>, customer: Customer) {
  const token = newToken();
  await insertReviewRequest(db, {
    id: newId(),
    quote_id: customer.quoteId,
    token_hash: sha256(token),
    created_at: new Date().toISOString(),
  });
  return token;
}

/** A cleaner's offer of `customer`'s booking, as an assignment stores it (the token's SHA-256). */
async function issueOfferLink(db: Kysely<Database>, customer: Customer) {
  const token = newToken();
  const booking = await db
    .selectFrom("bookings")
    .select(["scheduled_date", "time_slot"])
    .where("id", "=", customer.bookingId)
    .executeTakeFirstOrThrow();
  const cleaner = await db.selectFrom("cleaners").select("id").executeTakeFirstOrThrow();
  const now = new Date();
  await insertAssignment(db, {
    id: newId(),
    quote_id: customer.quoteId,
    booking_id: customer.bookingId,
    cleaner_id: cleaner.id,
    scheduled_date: booking.scheduled_date,
    time_slot: booking.time_slot,
    status: "pending",
    response_deadline: new Date(now.getTime() + 3_600_000).toISOString(),
    token_hash: sha256(token),
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  });
  return token;
}

/** Layouts wrap the routes above; the admin layout's own guard is checked through its children. */
export const LAYOUT_PERMISSIONS: Record<string, Permission | null> = {
  "routes/site-layout.tsx": null,
  "routes/cleaner-layout.tsx": null,
  "routes/admin/admin-layout.tsx": "account.manage",
};

export type TableRoute = {
  file: string;
  path: string;
  hasAction: boolean;
  hasLoader: boolean;
  /** The module's source, for the checks that read what it declares */
  source: string;
};

const appDirectory = path.resolve(import.meta.dirname, "../../app");

/** Every route module of app/routes.ts that answers a URL itself (layouts excluded). */
export function routeTable(entries: RouteConfigEntry[] = routes, parent = ""): TableRoute[] {
  return entries.flatMap((entry) => {
    const own = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent || "/";
    const children = routeTable(entry.children ?? [], own === "/" ? "" : own);
    if (entry.children?.length) return children;
    const source = readFileSync(path.join(appDirectory, entry.file), "utf8");
    return [
      {
        file: entry.file,
        path: own,
        hasAction: exportsFunction(source, "action"),
        hasLoader: exportsFunction(source, "loader"),
        source,
      },
      ...children,
    ];
  });
}

/** Layout modules of app/routes.ts (each needs a line in LAYOUT_PERMISSIONS). */
export function layoutFiles(entries: RouteConfigEntry[] = routes): string[] {
  return entries.flatMap((entry) =>
    entry.children?.length ? [entry.file, ...layoutFiles(entry.children)] : [],
  );
}

export function urlOf(url: Url, fixtures: Fixtures) {
  return typeof url === "function" ? url(fixtures) : url;
}
