import type { Kysely } from "kysely";
import { ensureFirstStaffAccount } from "~/features/auth/staff-accounts.service.server";
import { generateTimesheetLines } from "~/features/payroll/timesheets.service.server";
import { ensureBusinessProfile } from "~/features/settings/settings.service.server";
import { ensureSuburbs } from "~/features/suburbs/suburbs.service.server";
import type { AppConfig } from "~/server/config.server";
import type { Database } from "~/server/database";
import type { Logger } from "~/server/logger.server";

type Deps = { db: Kysely<Database>; config: AppConfig; logger: Logger };

/** Runs once at start, after migrations: the rows the app cannot work without. */
export async function prepareDatabase({ db, config, logger }: Deps) {
  await ensureBusinessProfile(db);
  // docs/decisions/0002-staff-accounts-and-sessions.md: with no staff account yet, ADMIN_EMAIL and ADMIN_PASSWORD make the first one.
  // The password is hashed on the way in and never logged.
  await ensureFirstStaffAccount(db, config, logger);
  const suburbs = await ensureSuburbs(db, config);
  if (suburbs.inserted > 0) logger.info(suburbs, "suburbs loaded");
  // docs/decisions/0080-pay-rules.md: jobs completed before timesheets existed get their lines;
  // once done this finds nothing to write.
  const lines = await generateTimesheetLines(db);
  if (lines > 0) logger.info({ lines }, "timesheet lines written for completed jobs");

  // Outside production an empty database gets the demo data, so `npm start` shows a working
  // business. Loaded on demand: the seed and its name lists stay out of a production start.
  if (!config.isProduction) {
    const { hasBusinessData, seedDemoData } = await import("~/features/demo-data/demo-seed.server");
    const { describeDemoLogins, readOrCreateDemoLogins } =
      await import("~/features/demo-data/demo-logins.server");
    if (await hasBusinessData(db)) return;
    const seeded = await seedDemoData(db, config, logger);
    // Deliberately printed (development only), as docs/decisions/0002-staff-accounts-and-sessions.md promises: the demo's owner and
    // staff logins, whose passwords are random per data folder.
    if (seeded) {
      for (const line of describeDemoLogins(
        readOrCreateDemoLogins(config.dataDir),
        config.dataDir,
      )) {
        logger.info(line);
      }
      const { describeDemoCleanerLogin } =
        await import("~/features/demo-data/demo-cleaner-login.server");
      for (const line of await describeDemoCleanerLogin(db, config)) logger.info(line);
    }
  }
}

/**
 * Outside production the app seeds demo data and takes test payments, which is fine
 * on a laptop and a trap on a public address. Returns the warning it logged, if any.
 */
export function warnIfDemoOnPublicAddress(
  config: Pick<AppConfig, "isProduction" | "HOST" | "APP_ENV">,
  logger: Logger,
) {
  if (config.isProduction || isLoopback(config.HOST)) return null;
  const message = `demo mode on a public address: APP_ENV is ${config.APP_ENV} and HOST is ${config.HOST}, so anyone who can reach this server sees demo data and test payments. Set HOST=127.0.0.1, or APP_ENV=production for a real deployment.`;
  logger.warn(message);
  return message;
}

/**
 * TRUST_PROXY as a hop count believes the last X-Forwarded-For entry from whoever connects. On a
 * public address a client can then reach the server past the proxy and pick the address that
 * the rate limits count it by. Returns the warning, or null when there is none to give.
 */
export function warnIfAnyClientNamesItsAddress(
  config: Pick<AppConfig, "trustProxy" | "HOST">,
  logger: Logger,
) {
  if (typeof config.trustProxy !== "number" || isLoopback(config.HOST)) return null;
  const message = `TRUST_PROXY=${config.trustProxy} believes X-Forwarded-For from any client, and HOST is ${config.HOST}: a client that reaches this server directly chooses the address its rate limits count. Set HOST=127.0.0.1, or set TRUST_PROXY to the proxy's addresses.`;
  logger.warn(message);
  return message;
}

function isLoopback(host: string) {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  return bare === "localhost" || bare === "::1" || /^127(\.\d{1,3}){3}$/.test(bare);
}
