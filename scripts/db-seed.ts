// npm run db:seed: fills an empty development database with the demo data and prints the demo
// owner and staff logins (random passwords, kept in $DATA_DIR/demo-logins.json). Refuses a production configuration (APP_ENV=production).
import { ConfigError, loadConfig } from "~/server/config.server";
import { createOwnerOnlyFiles, secureDataFolder } from "~/server/data-folder.server";
import { createDatabase, migrateToLatest } from "~/server/db.server";
import { createLogger } from "~/server/logger.server";
import { seedDemoData } from "~/features/demo-data/demo-seed.server";
import {
  describeDemoLogins,
  readOrCreateDemoLogins,
} from "~/features/demo-data/demo-logins.server";

createOwnerOnlyFiles();
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
secureDataFolder(config.dataDir);
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
    for (const line of describeDemoLogins(readOrCreateDemoLogins(config.dataDir), config.dataDir)) {
      console.log(line);
    }
  } else {
    console.log("The database already has leads or cleaners; nothing was seeded.");
  }
} finally {
  await database.close();
}
