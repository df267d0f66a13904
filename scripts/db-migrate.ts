// npm run db:migrate: brings the database named by DATABASE_URL (or data/app.db) up to date.
import { loadConfig } from "~/server/config.server";
import { createOwnerOnlyFiles, secureDataFolder } from "~/server/data-folder.server";
import { createDatabase, migrateToLatest } from "~/server/db.server";

createOwnerOnlyFiles();
const config = loadConfig();
secureDataFolder(config.dataDir);
const database = createDatabase(config.databaseUrl);
try {
  const applied = await migrateToLatest(database.db);
  console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Database is up to date.");
} finally {
  await database.close();
}
