import type { Kysely } from "kysely";
import { ensureFirstStaffAccount } from "~/features/auth/staff-accounts.service.server";
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

function isLoopback(host: string) {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  return bare === "localhost" || bare === "::1" || /^127(\.\d{1,3}){3}$/.test(bare);
}
