import { addVisitTimes, seedDemoPayroll } from "./payroll.server";
import type { Kysely } from "kysely";
import { bumpContentVersion } from "~/server/content-version.repository.server";
import { hashPassword } from "~/features/auth/password.server";
import { recordTransactions } from "~/features/ledger/ledger.server";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { getJobChecklists } from "~/features/settings/job-checklist-setting.service.server";
import { buildDemoTips } from "./tips";
import { newId } from "~/lib/ids";
import type { AppConfig } from "~/server/config.server";
import type { Database } from "~/server/database";
import type { Logger } from "~/server/logger.server";
import { changeCleanerStatus } from "~/features/cleaners/cleaner-status.server";
import { cleanerHistory } from "./cleaner-history";
import { buildCleaners } from "./cleaners.server";
import { stageDemoCleanerDay } from "./demo-cleaner-day";
import { liveHoldRows, newSeedCrews } from "./crews";
import { addContactMessages } from "./contact-messages";
import { buildLead } from "./leads";
import { playLifecycle } from "./lifecycle";
import { buildMarketing } from "./marketing.server";
import { addPayouts } from "./payouts";
import { createRandom } from "./random";
import { addReviews, settleCleanerFigures } from "./reviews";
import { emptyRows, type SeedContext } from "./seed-rows";
import { sydneyDate } from "~/lib/sydney-time";
import { readOrCreateDemoLogins } from "./demo-logins.server";
import {
  findStaffByEmails,
  hasBusinessRows,
  insertDemoRows as insertAll,
  insertDemoStaff,
  setInvoiceCounter,
} from "./demo-data.repository.server";
import { demoFollowUps, demoReminders, demoSmsChoices } from "./follow-ups";
import { buildDemoSeries } from "./series.server";
import { seedDeclinedCardCharge, type CardChargeSeedConfig } from "./card-charges.server";

// Demo data for development and demos only (never production: see prepareDatabase and
// scripts/db-seed.ts): cleaners, 300 leads over 120 days moved through the lifecycle of
// docs/decisions/0027-lead-lifecycle.md with their bookings, payments, ledger, payouts, offers and reviews, the hero
// slides and room cards, and two logins (an owner and a member of staff) printed at start, their
// passwords random per data folder (demo-logins.server.ts).

const SEED = 20261122;
const LEADS = 300;
const DAYS = 120;

export type SeedOptions = {
  /** The moment the demo history ends; tests pin it */
  now?: Date;
};

export type SeedSummary = Record<string, number> & { milliseconds: number };

type SeedConfig = Pick<AppConfig, "dataDir" | "dataEncryptionKey" | "demoPhotosDir"> &
  CardChargeSeedConfig;

/** True when the business tables already hold leads or cleaners: the seed never mixes in. */
export async function hasBusinessData(db: Kysely<Database>) {
  return hasBusinessRows(db);
}

export async function seedDemoData(
  db: Kysely<Database>,
  config: SeedConfig,
  logger: Logger,
  options: SeedOptions = {},
): Promise<SeedSummary | null> {
  const started = performance.now();
  if (await hasBusinessData(db)) {
    logger.info("demo seed skipped: the database already has leads or cleaners");
    return null;
  }
  const now = options.now ?? new Date();
  const profile = await getBusinessProfile(db);
  const random = createRandom(SEED);
  const photosStarted = performance.now();
  const marketing = await buildMarketing(db, config, now);
  const photosMs = performance.now() - photosStarted;

  const accounts = await demoAccounts(db, config);
  const ctx = newSeedContext(random, now, profile, config, accounts);
  playLeads(ctx, profile.hourlyRateCents);
  addPayouts(ctx);
  addReviews(ctx);
  settleCleanerFigures(ctx);
  addContactMessages(ctx);
  addVisitTimes(ctx);
  const cleanerDay = stageDemoCleanerDay(ctx, await getJobChecklists(db));

  // A stream of its own, so the history leaves the rest of the demo data as it was.
  const historyRandom = createRandom(SEED + 1);
  const histories = ctx.cleaners.map((c) => cleanerHistory(historyRandom, c, now));
  const demoSeries = await writeDemoRows(db, ctx, accounts, histories, marketing);
  // The demo cleaner's job in progress and the one with a problem, on rows written just above.
  await insertAll(db, "job_checklist_items", cleanerDay.checklist);
  await insertAll(db, "job_problems", cleanerDay.problems);
  await seedDemoPayroll(db, ctx, config);
  if (demoSeries.declinedCard) await seedDeclinedCardCharge(db, demoSeries.declinedCard, config);

  const summary: SeedSummary = {
    cleaners: ctx.cleaners.length,
    statusChanges: histories.reduce((sum, history) => sum + history.steps.length, 0),
    ...rowCounts(ctx.rows),
    photosImported: marketing.imported,
    photosMilliseconds: Math.round(photosMs),
    milliseconds: Math.round(performance.now() - started),
  };
  logger.info(summary, "demo data seeded");
  return summary;
}

type DemoAccount = ReturnType<typeof readOrCreateDemoLogins>[number] & { id: string };
type CleanerHistory = ReturnType<typeof cleanerHistory>;
type Marketing = Awaited<ReturnType<typeof buildMarketing>>;

// Offers and payouts name the staff member who made them: the demo owner, or the account
// already using its email (the seed then leaves that account's password alone).
async function demoAccounts(db: Kysely<Database>, config: SeedConfig): Promise<DemoAccount[]> {
  const logins = readOrCreateDemoLogins(config.dataDir);
  const existing = await findStaffByEmails(
    db,
    logins.map((login) => login.email),
  );
  return logins.map((login) => ({
    ...login,
    id: existing.find((row) => row.email === login.email)?.id ?? newId(),
  }));
}

function newSeedContext(
  random: SeedContext["random"],
  now: Date,
  profile: Awaited<ReturnType<typeof getBusinessProfile>>,
  config: SeedConfig,
  accounts: DemoAccount[],
): SeedContext {
  const cleaners = buildCleaners(random, config.dataEncryptionKey, now);
  return {
    random,
    now,
    today: sydneyDate(now),
    pricing: {
      hourlyRateCents: profile.hourlyRateCents,
      cleanerPayRateCents: profile.cleanerPayRateCents,
      offerResponseHours: profile.offerResponseHours,
    },
    cleaners,
    staffId: ownerId(accounts),
    rows: emptyRows(),
    completedJobs: [],
    slotsTaken: new Set(),
    crews: newSeedCrews(cleaners, sydneyDate(now), now.toISOString()),
    customersByEmail: new Map(),
    invoiceSerial: 0,
  };
}

function ownerId(accounts: DemoAccount[]) {
  return accounts.find((account) => account.role === "owner")!.id;
}

// Leads arrive through the window, more of them lately (a growing business, and a board with
// work on it); oldest first, so each lifecycle plays in time order.
function playLeads(ctx: SeedContext, hourlyRateCents: number) {
  const { random, now } = ctx;
  const arrivals = Array.from({ length: LEADS }, () =>
    Math.floor(now.getTime() - Math.pow(random.next(), 1.5) * DAYS * 86_400_000),
  ).sort((a, b) => a - b);
  const bookable = ctx.cleaners.filter((c) => c.assignable && c.row.status === "available");
  const usedEmails = new Set<string>();
  arrivals.forEach((time, serial) => {
    // docs/decisions/0020-provider-book-now.md: a few leads come from a cleaner's profile with that cleaner as the preferred one.
    const preferred = random.chance(0.05) ? random.pick(bookable).row.id : null;
    const lead = buildLead(random, serial, new Date(time), hourlyRateCents, preferred, usedEmails);
    playLifecycle(ctx, lead);
    ctx.rows.quotes.push(lead.quote);
  });
}

async function writeDemoRows(
  db: Kysely<Database>,
  ctx: SeedContext,
  accounts: DemoAccount[],
  histories: CleanerHistory[],
  marketing: Marketing,
) {
  const { rows, now } = ctx;
  const passwordHashes = await Promise.all(
    accounts.map((account) => hashPassword(account.password)),
  );
  return db.transaction().execute(async (trx) => {
    await insertDemoStaff(
      trx,
      accounts.map((account, i) => ({
        id: account.id,
        email: account.email,
        name: account.name,
        password_hash: passwordHashes[i]!,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
        role: account.role,
      })),
    );
    await insertCleanersWithHistory(trx, ctx, histories);
    await insertAll(trx, "customers", rows.customers);
    await insertAll(trx, "quotes", rows.quotes);
    await insertAll(trx, "bookings", rows.bookings);
    await insertAll(trx, "payments", rows.payments);
    await insertAll(trx, "cleaner_payouts", rows.payouts);
    await recordTransactions(trx, rows.transactions);
    await insertAll(trx, "assignments", rows.assignments);
    const tips = buildDemoTips(ctx);
    await insertAll(trx, "tips", tips.tips);
    await insertAll(trx, "tip_shares", tips.shares);
    await recordTransactions(trx, tips.transactions);
    await insertAll(trx, "cleaner_time_off", ctx.crews.timeOff);
    await insertAll(
      trx,
      "cleaner_holds",
      liveHoldRows(ctx.crews, rows.bookings, liveOfferOf(ctx), now.toISOString()),
    );
    await insertAll(trx, "booking_reminders", demoReminders(rows.bookings, now));
    await insertAll(
      trx,
      "quote_follow_ups",
      demoFollowUps(ctx.random, rows.quotes, rows.bookings, now),
    );
    await insertAll(
      trx,
      "sms_preferences",
      demoSmsChoices(
        ctx.random,
        rows.quotes.map((quote) => quote.client_phone),
        now,
      ),
    );
    const demoSeries = buildDemoSeries(ctx);
    await insertAll(trx, "recurring_series", demoSeries.series);
    await insertAll(trx, "bookings", demoSeries.visits);
    await insertAll(trx, "assignments", demoSeries.crews);
    await insertAll(trx, "series_occurrences", demoSeries.occurrences);
    await insertAll(trx, "invoices", rows.invoices);
    // Invoices issued from the leads screen carry on after the seeded ones.
    await setInvoiceCounter(trx, ctx.invoiceSerial);
    await insertAll(trx, "reviews", rows.reviews);
    await insertAll(trx, "contact_messages", rows.contactMessages);
    await insertAll(trx, "background_images", marketing.slides);
    await insertAll(trx, "room_images", marketing.rooms);
    // A server already running (`npm run db:seed` beside it) shows the new slides and reviews.
    await bumpContentVersion(trx, now);
    return demoSeries;
  });
}

/** The live offer (pending or accepted) of a booking's cleaner, which their seat's hold became. */
function liveOfferOf(ctx: SeedContext) {
  return (bookingId: string, cleanerId: string) =>
    ctx.rows.assignments.find(
      (a) =>
        a.booking_id === bookingId &&
        a.cleaner_id === cleanerId &&
        (a.status === "pending" || a.status === "accepted"),
    )?.id ?? null;
}

// Each cleaner starts in the oldest status of its history; the changes since then go
// through changeCleanerStatus, as staff's would, writing the audit entries the dashboard's
// Active Cleaners growth reads.
async function insertCleanersWithHistory(
  trx: Kysely<Database>,
  ctx: SeedContext,
  histories: CleanerHistory[],
) {
  await insertAll(
    trx,
    "cleaners",
    ctx.cleaners.map((c, i) => ({ ...c.row, status: histories[i]!.initial })),
  );
  const steps = ctx.cleaners
    .flatMap((c, i) => histories[i]!.steps.map((step) => ({ cleanerId: c.row.id, ...step })))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const step of steps) {
    await changeCleanerStatus(trx, { ...step, actor: { type: "staff", id: ctx.staffId } });
  }
}

function rowCounts(rows: SeedContext["rows"]) {
  return {
    quotes: rows.quotes.length,
    bookings: rows.bookings.length,
    payments: rows.payments.length,
    transactions: rows.transactions.length,
    payouts: rows.payouts.length,
    assignments: rows.assignments.length,
    reviews: rows.reviews.length,
  };
}
