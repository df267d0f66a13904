import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import noFeatureCycle from "./eslint-rules/no-feature-cycle.js";

const root = path.dirname(fileURLToPath(import.meta.url));
const features = readdirSync(path.join(root, "app/features"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// A feature's public surface (docs/architecture.md#import-direction-lint-holds-it): what other features may import.
// Every `*.service.server.ts` is public, and so are the modules listed here: client-safe schemas,
// types and pure helpers, plus three services named before the `.service.server.ts` convention
// (ledger, cleaner status, content version; renaming them would touch the demo seed). Test data
// (`*.test-data.ts`) is public to tests. Nothing else of a feature, and never its repository, is
// reachable from another feature. Add a module here only if it imports no repository.
const publicModules = [
  "app/features/applications/application-copy.ts",
  // The Assign Cleaner panel and its rule, opened from the leads' menus and details.
  "app/features/assignments/assignments.ts",
  "app/features/assignments/components/assign-cleaner-dialog.tsx",
  // docs/decisions/0063-cleaner-app-sign-in.md: the cleaner's app answers offers through the
  // same service as the emailed link, and words a job as the offer page does.
  "app/features/assignments/offer-answers.server.ts",
  "app/features/assignments/offer-format.ts",
  "app/features/auth/password.server.ts",
  // docs/decisions/0060-crews-and-cleaner-holds.md: the one availability model, pure; the slot
  // picker, the booking, the assign panel and the tests read who is free through it.
  "app/features/availability/distance.ts",
  "app/features/availability/free-cleaners.ts",
  "app/features/availability/hold-span.ts",
  "app/features/availability/why-not-free.ts",
  "app/features/auth/permissions.ts",
  "app/features/auth/staff-theme.ts",
  "app/features/bookings/booking-reference.ts",
  // A booking's service in words, for the reminders' email (docs/decisions/0075-reminders-once-per-booked-time.md).
  "app/features/bookings/booking-copy.ts",
  // The booking rules (slots, earliest date, the 24-hour change rule): pure, shared by the
  // booking and account pages, the job offers and the schedule's grid.
  "app/features/bookings/booking-rules.ts",
  // docs/decisions/0040-business-hours-bound-bookings.md: which slots a job fits, pure; the demo
  // seed books inside the same hours customers can.
  "app/features/bookings/slot-fit.ts",
  // docs/decisions/0041-cleaners-hear-of-job-changes.md: the offer rules, the cleaner's job emails
  // and calendar entry, and the lead timeline's words for job changes, shared by the booking
  // changes, the job offers and the leads.
  "app/features/bookings/cleaner-job-emails.server.ts",
  "app/features/bookings/job-offers.ts",
  "app/features/bookings/job-timeline.ts",
  // docs/decisions/0070-cleaner-time-off-and-working-pattern.md: a cleaner asks for time off and
  // sets their days with the same dates, days and rules staff use on the profile.
  "app/features/cleaners/cleaner-admin-copy.ts",
  "app/features/cleaners/vetting.schema.ts",
  // A cleaner's pay basis as stored: the payroll's rate engine reads it.
  "app/features/cleaners/pay-basis.schema.ts",
  "app/features/cleaners/cleaner-photo.ts",
  "app/features/cleaners/cleaner-status.server.ts",
  "app/features/cleaners/cleaner-status.ts",
  "app/features/cleaners/police-check.ts",
  "app/features/dashboard/components/stat-card.tsx",
  "app/features/dashboard/dashboard-format.ts",
  // Spreadsheet-safe cells, shared by the finance and payroll exports.
  "app/features/finance/csv-cells.ts",
  "app/features/invoices/invoice.ts",
  "app/features/ledger/ledger.server.ts",
  "app/features/notifications/staff-email.server.ts",
  // docs/decisions/0068-job-visits.md: the crew's last check-out in the cleaner's app completes
  // the job through Complete job's own service, so the same side effects happen.
  "app/features/leads/complete-job.server.ts",
  // The visit's statuses, labels and timeline actions, read by the leads, the schedule and the
  // customer's bookings.
  "app/features/job-visits/job-visits.ts",
  "app/features/job-visits/components/office-visit-section.tsx",
  "app/features/job-visits/components/customer-visit.tsx",
  "app/features/outbox/email/render-email.ts",
  "app/features/outbox/job-handlers.server.ts",
  "app/features/outbox/webhook-targets.server.ts",
  "app/features/outbox/webhook-bodies.ts",
  // The words of a refused Mark paid, which the quote details' booking section shows too.
  "app/features/payments/mark-paid-text.ts",
  // Row builders other features' tests use to make a booked, payable quote.
  "app/features/payments/payments.test-helpers.ts",
  // docs/decisions/0081-pay-runs-pay-a-line-once.md: pay periods, pure; the demo seed pays by them.
  "app/features/payroll/pay-periods.ts",
  // docs/decisions/0080-pay-rules.md: the hours a seat is paid; the earnings page reads them too.
  "app/features/payroll/pay-rules.ts",
  // docs/decisions/0078-tips-go-to-the-crew.md: the one split of a tip among seats, pure; the
  // demo seed shares its tips with it.
  "app/features/payments/tip-split.ts",
  "app/features/quote/quote.schema.ts",
  // docs/decisions/0073-series-occurrences-are-bookings.md: a series' rule and its visit prices,
  // pure; the subscription page and the demo seed read them too.
  "app/features/recurring/frequencies.ts",
  "app/features/recurring/recurrence.ts",
  "app/features/recurring/visit-pricing.ts",
  "app/features/review-requests/review-request.ts",
  // The schedule's address (day or week, its dates): pure, read by the dispatch board too.
  "app/features/schedule/schedule.ts",
  "app/features/rewards/rewards.ts",
  "app/features/settings/business-profile-defaults.ts",
  "app/features/settings/business-profile.ts",
  // The opening hours and closed dates: pure, read by the booking rules, the public site and SEO.
  "app/features/settings/opening-hours.ts",
  "app/features/settings/police-check-setting.ts",
  // docs/decisions/0080-pay-rules.md: the pay settings' schema, read by the payroll feature.
  "app/features/settings/pay-settings.ts",
  "app/features/settings/setting-keys.ts",
];

const layerZones = [
  {
    target: "./app/lib",
    from: "./app",
    except: ["./lib"],
    message: "lib/ imports nothing of app/ but lib/.",
  },
  {
    target: "./app/server/migrations",
    from: "./app",
    except: ["./server/migrations"],
    message: "A migration is frozen once landed: it imports nothing of app/.",
  },
  {
    target: "./app/server",
    from: "./app",
    except: ["./server", "./lib"],
    message: "server/ imports only lib/; a feature's jobs and handlers live in the feature.",
  },
  {
    target: "./app/components",
    from: "./app",
    except: ["./components", "./lib"],
    message:
      "A shared component imports only lib/ and other components; pass feature data as props.",
  },
  {
    target: "./app/features",
    from: ["./app/routes", "./app/root.tsx", "./app/routes.ts", "./app/entry.server.tsx"],
    message: "A feature never imports a route.",
  },
  ...features.map((feature) => ({
    target: `./app/features/${feature}`,
    from: path.join(root, `app/features/!(${feature})/**`),
    except: [
      "**/*.service.server.ts",
      "**/*.test-data.ts",
      ...publicModules.map((file) => `**/${file}`),
    ],
    message:
      "Another feature is reachable only through its *.service.server.ts or a public module listed in eslint.config.js.",
  })),
];

// The same for a dynamic import(), which no-restricted-imports does not look at.
const noScriptImport = {
  selector: "ImportExpression[source.value=/(^|\\/)scripts\\//]",
  message: "App code must not import scripts.",
};

// SQL lives only in repositories (docs/conventions.md#repositories-hold-the-sql): Kysely's query builders and the sql tag.
const sqlOnlyInRepositories = [
  {
    selector:
      "CallExpression[callee.property.name=/^(selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/]",
    message: "SQL belongs in a *.repository.server.ts file: call a repository function.",
  },
  {
    selector: "TaggedTemplateExpression[tag.name='sql'], MemberExpression[object.name='sql']",
    message: "SQL belongs in a *.repository.server.ts file: call a repository function.",
  },
];

export default tseslint.config(
  { ignores: ["build/", "data/", ".react-router/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.strict.rules,
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
      // Server-only modules must never be pulled into the browser bundle through a shared file.
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/scripts/**"], message: "App code must not import scripts." }] },
      ],
      "no-restricted-syntax": ["error", noScriptImport],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "server.ts", "app-server.ts", "dev-server.ts"],
    plugins: { "import-x": importX, layers: { rules: { "no-feature-cycle": noFeatureCycle } } },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: root, zones: layerZones }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "layers/no-feature-cycle": ["error", { root }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: [
      "**/*.repository.server.ts",
      "**/*.test.{ts,tsx}",
      "**/*.test-helpers.ts",
      "**/*.test-data.ts",
      "app/server/migrations/**",
      // Opens the database, runs the migrations and answers the health check.
      "app/server/db.server.ts",
    ],
    rules: { "no-restricted-syntax": ["error", noScriptImport, ...sqlOnlyInRepositories] },
  },
  {
    // A function says what it does through the names of its steps: past 80 lines, split it. Tests
    // and their data read best as one story per test, and migrations are frozen. A component that
    // only lays out markup may run longer, with an eslint-disable line that says so.
    files: ["app/**/*.{ts,tsx}", "server.ts", "scripts/**/*.{ts,mjs}"],
    ignores: [
      "app/server/migrations/**",
      "**/*.test.{ts,tsx}",
      "**/*.test-helpers.ts",
      "**/*.test-data.ts",
      "tests/**",
    ],
    rules: {
      "max-lines-per-function": ["error", { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Migrations are frozen files typed against Kysely<any> (docs/conventions.md#migrations).
    files: ["app/server/migrations/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["**/*.mjs"],
    languageOptions: { globals: globals.node },
  },
);
