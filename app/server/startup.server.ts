import type { Kysely } from "kysely";
import { ensureFirstStaffAccount } from "~/features/auth/staff-accounts.service.server";
import { ensureBusinessProfile } from "~/features/settings/settings.service.server";
import { ensureSuburbs } from "~/features/suburbs/suburbs.service.server";
import type { AppConfig } from "./config.server";
import type { Database } from "./database";
import type { Logger } from "./logger.server";

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
    const { DEMO_STAFF, hasBusinessData, seedDemoData } =
      await import("~/features/demo-data/demo-seed.server");
    if (await hasBusinessData(db)) return;
    const seeded = await seedDemoData(db, config, logger);
    // Deliberately printed (development only): the demo staff login, as docs/decisions/0002-staff-accounts-and-sessions.md promises.
    if (seeded) logger.info(`Demo staff login: ${DEMO_STAFF.email} / ${DEMO_STAFF.password}`);
  }
}
