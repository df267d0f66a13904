// npm run db:seed: fills an empty development database with the demo data and prints the demo
// staff login. Refuses a production configuration (APP_ENV=production).
import { ConfigError, loadConfig } from "~/server/config.server";
import { createDatabase, migrateToLatest } from "~/server/db.server";
import { createLogger } from "~/server/logger.server";
import { DEMO_STAFF, seedDemoData } from "~/features/demo-data/demo-seed.server";

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
if (config.isProduction) {
  console.error("Refusing to seed demo data: APP_ENV is production.");
  process.exit(1);
}

const logger = createLogger(config.LOG_LEVEL);
const database = createDatabase(config.databaseUrl);
try {
  await migrateToLatest(database.db);
  const summary = await seedDemoData(database.db, config, logger);
  if (summary) {
    console.log(`Demo data seeded in ${(summary.milliseconds / 1000).toFixed(1)} s.`);
    console.log(`Demo staff login: ${DEMO_STAFF.email} / ${DEMO_STAFF.password}`);
  } else {
    console.log("The database already has leads or cleaners; nothing was seeded.");
  }
} finally {
  await database.close();
}
