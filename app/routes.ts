import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

// The route table of both specs (docs/product/public-site.md#routes, docs/product/back-office.md#routes-and-access), listed explicitly.
export default [
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    route("services", "routes/services.tsx"),
    route("services/:serviceId", "routes/quote-start.tsx"),
    route("about", "routes/about.tsx"),
    route("contact", "routes/contact.tsx"),
    route("quote-result", "routes/quote-result.tsx"),
    route("booking", "routes/booking.tsx"),
    route("booking-success", "routes/booking-success.tsx"),
    route("bookings", "routes/bookings.tsx"),
    route("bookings/regular", "routes/regular-cleans.tsx"),
    route("bookings/regular/:seriesId/calendar.ics", "routes/regular-clean-calendar.ts"),
    route("payment", "routes/payment.tsx"),
    route("payment-success", "routes/payment-success.tsx"),
    route("provider/:id", "routes/provider.tsx"),
    route("profile", "routes/profile.tsx"),
    // Customer accounts (docs/decisions/0012-real-customer-data.md).
    route("profile/details", "routes/profile-details.tsx"),
    // The profile's opt-in and opt-out of texts (docs/decisions/0076-sms-beside-email.md).
    route("profile/text-messages", "routes/profile-text-messages.ts"),
    // The saved card regular cleans are charged to, and the link to pay when it could not be
    // (docs/decisions/0074-saved-cards-and-off-session-charges.md).
    route("profile/card", "routes/profile-card.ts"),
    route("pay-link", "routes/pay-link.ts"),
    route("sign-in", "routes/sign-in.tsx"),
    route("sign-in/verify", "routes/sign-in-verify.tsx"),
    route("subscription", "routes/subscription.tsx"),
    route("post-construction-form", "routes/post-construction-form.tsx"),
    route("post-construction-contact", "routes/post-construction-contact.tsx"),
    route("post-construction-thank-you", "routes/post-construction-thank-you.tsx"),
    route("work-with-us", "routes/work-with-us.tsx"),
    // A client's personal review link, emailed by Request review and Complete job.
    route("review/:token", "routes/review.tsx"),
    // The signed link in a quote follow-up (docs/decisions/0077-quote-follow-ups.md).
    route("quote-follow-ups/stop/:token", "routes/quote-follow-up-stop.tsx"),
    // A tip for the crew of a completed clean (docs/decisions/0078-tips-go-to-the-crew.md).
    route("tip", "routes/tip.tsx"),
    route("policies", "routes/policies.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  // Pages for cleaners, in a plain frame without the marketing site's header, footer and chat.
  layout("routes/cleaner-layout.tsx", [
    // A cleaner's job offer, answered through the emailed link (docs/decisions/0013-cleaner-assignments.md).
    route("assignments/:token", "routes/assignment.tsx"),
    // The cleaner's own app, behind a cleaner session (docs/decisions/0063-cleaner-app-sign-in.md).
    route("cleaner", "routes/cleaner/home.tsx"),
    route("cleaner/sign-in", "routes/cleaner/sign-in.tsx"),
    route("cleaner/sign-in/verify", "routes/cleaner/sign-in-verify.tsx"),
    // Availability, earnings and the calendar link
    // (docs/decisions/0070-cleaner-time-off-and-working-pattern.md,
    // docs/decisions/0071-cleaner-earnings-and-calendar-feed.md).
    route("cleaner/availability", "routes/cleaner/availability.tsx"),
    route("cleaner/earnings", "routes/cleaner/earnings.tsx"),
    route("cleaner/calendar", "routes/cleaner/calendar.tsx"),
    // One accepted job and its visit (docs/decisions/0068-job-visits.md).
    route("cleaner/jobs/:assignmentId", "routes/cleaner/job.tsx"),
  ]),
  // A cleaner's private calendar feed, read by calendar apps with the link's token.
  route("calendar/cleaner/:file", "routes/cleaner-calendar-feed.ts"),
  route("cleaner/sign-out", "routes/cleaner/sign-out.ts"),
  // A job's before or after photo, for its cleaner, the office and the customer
  // (docs/decisions/0087-job-photos-and-on-my-way-texts.md).
  route("job-photos/:photoId", "routes/job-photo.ts"),
  // The cleaner app's install details (docs/decisions/0063-cleaner-app-sign-in.md).
  route("manifest.webmanifest", "routes/manifest-webmanifest.ts"),
  // The public JSON API and quote photos: resource routes, outside the site layout.
  ...prefix("api", [
    route("v1/estimate", "routes/api/estimate.ts"),
    route("v1/quotes", "routes/api/quotes.ts"),
    route("v1/openapi.json", "routes/api/openapi.ts"),
    route("uploads", "routes/api/uploads.ts"),
    route("uploads/:id", "routes/api/upload.ts"),
    route("suburbs", "routes/api/suburbs.ts"),
    route("stripe/webhook", "routes/api/stripe-webhook.ts"),
    // Replies to our texts, forwarded by Twilio (docs/decisions/0076-sms-beside-email.md).
    route("twilio/inbound", "routes/api/twilio-inbound.ts"),
  ]),
  // Resource routes for search engines (no layout, no HTML).
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),
  route("og-image.png", "routes/og-image.ts"),
  ...prefix("admin", [
    route("login", "routes/admin/login.tsx"),
    route("logout", "routes/admin/logout.tsx"),
    // An invitation is opened before its holder has an account: outside the guarded layout.
    route("invite/:token", "routes/admin/invite.tsx"),
    // Forgotten passwords: signed out by definition, so outside the guarded layout too.
    route("forgot-password", "routes/admin/forgot-password.tsx"),
    route("reset-password/:token", "routes/admin/reset-password.tsx"),
    // Finance's resource routes (CSV and JSON): outside the layout, guarded by their own loaders.
    route("finance/export.csv", "routes/admin/finance-export.ts"),
    // A pay run's files (lines CSV, Xero bills CSV, ABA): downloads guarded by their own loader.
    route("pay-runs/:id/files/:file", "routes/admin/pay-run-file.ts"),
    // The Assign Cleaner panel's JSON and save, shared by the list, the board and the details.
    route("assign-cleaner", "routes/admin/assign-cleaner.ts"),
    // A document attached to an application: a download, outside the layout, guarded by its loader.
    route("cleaners/:id/documents/:documentId", "routes/admin/cleaner-document.ts"),
    layout("routes/admin/admin-layout.tsx", [
      index("routes/admin/index.tsx"),
      route("dashboard", "routes/admin/dashboard.tsx"),
      route("quotes", "routes/admin/quotes.tsx"),
      route("quotes/:id", "routes/admin/quote.tsx"),
      route("messages", "routes/admin/messages.tsx"),
      route("customers", "routes/admin/customers.tsx"),
      route("customers/:id", "routes/admin/customer.tsx"),
      route("invoices/:id", "routes/admin/invoice.tsx"),
      route("schedule", "routes/admin/schedule.tsx"),
      route("dispatch", "routes/admin/dispatch.tsx"),
      route("cleaners", "routes/admin/cleaners.tsx"),
      route("cleaners/:id", "routes/admin/cleaner.tsx"),
      route("finance", "routes/admin/finance.tsx"),
      route("timesheets", "routes/admin/timesheets.tsx"),
      route("pay-runs", "routes/admin/pay-runs.tsx"),
      route("pay-runs/:id", "routes/admin/pay-run.tsx"),
      route("margins", "routes/admin/margins.tsx"),
      route("marketing", "routes/admin/marketing.tsx"),
      route("settings", "routes/admin/settings.tsx"),
      route("deliveries", "routes/admin/deliveries.tsx"),
      route("team", "routes/admin/team.tsx"),
      route("audit", "routes/admin/audit.tsx"),
      route("account", "routes/admin/account.tsx"),
      route("*", "routes/admin/not-found.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
