import path from "node:path";
import { sql } from "kysely";
import { createDatabase, type AppDatabase, type Dialect } from "~/server/db.server";
import { spawnBuiltServer, waitUntilListening, type ServerProcess } from "./server-process";
import { dropTestSchema, withSchemaLock } from "./test-database";

// The built server on one dialect, for the hostile-input suites, with a second connection to its
// database so a test can see what a request stored (or did not).

/** A stack frame as Node prints it: no answer to a stranger may carry one. */
export const STACK_FRAME = /^\s*at .+:\d+:\d+\)?$/m;

/** These suites start while others run: a loaded 2-core machine can take a while to boot one. */
const STARTUP_MS = 45_000;

export type HostileServer = {
  server: ServerProcess;
  baseUrl: string;
  db: AppDatabase;
  /** Row counts of `tables`, read from the server's own database. */
  countRows(tables: readonly string[]): Promise<Record<string, number>>;
  /** Every row of `table`, in a stable order, as JSON text: a whole-table fingerprint. */
  snapshot(table: string): Promise<string[]>;
  stop(): Promise<void>;
};

export async function startHostileServer(
  dialect: Dialect,
  env: Record<string, string> = {},
): Promise<HostileServer> {
  const base = { TRUST_PROXY: "on", LOG_LEVEL: "info", RATE_LIMITS: "off", ...env };
  let server: ServerProcess;
  let baseUrl: string;
  let schema: string | undefined;
  let url: string;
  if (dialect === "postgres") {
    const ownSchema = `test_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
    schema = ownSchema;
    const withSchema = new URL(process.env.TEST_DATABASE_URL!);
    withSchema.searchParams.set("options", `-c search_path=${ownSchema}`);
    url = withSchema.toString();
    // The server migrates its schema as it starts: that takes turns with the other test files.
    ({ server, baseUrl } = await withSchemaLock(async (admin) => {
      await admin.query(`create schema ${ownSchema}`);
      const started = spawnBuiltServer({ ...base, DATABASE_URL: url });
      return { server: started, baseUrl: await waitUntilListening(started, STARTUP_MS) };
    }));
  } else {
    server = spawnBuiltServer(base);
    baseUrl = await waitUntilListening(server, STARTUP_MS);
    url = path.join(server.dataDir, "app.db");
  }
  const db = schema
    ? createDatabase(process.env.TEST_DATABASE_URL!, { schema })
    : createDatabase(url);
  return {
    server,
    baseUrl,
    db,
    async countRows(tables) {
      const counts: Record<string, number> = {};
      for (const table of tables) {
        const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(
          table,
        )}`.execute(db.db);
        counts[table] = Number(rows[0]!.n);
      }
      return counts;
    },
    async snapshot(table) {
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(
        table,
      )}`.execute(db.db);
      return rows.map((row) => JSON.stringify(row)).sort();
    },
    async stop() {
      await db.close();
      await server.cleanUp();
      if (schema) await dropTestSchema(schema);
    },
  };
}
