import { sql } from "kysely";
import type { AppDatabase, Dialect } from "~/server/db.server";
import { spawnSeededServerOn } from "./seeded-data-folder";
import { spawnBuiltServer, waitUntilListening, type ServerProcess } from "./server-process";
import { createTestDatabase } from "./test-database";
import { until } from "./until";

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

/** Jobs waiting to run now, or running (leased by a worker). */
async function dueJobs(db: AppDatabase) {
  const now = new Date().toISOString();
  const row = await db.db
    .selectFrom("outbox_messages")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("kind", "=", "job")
    .where("status", "in", ["pending", "retrying"])
    .where((eb) => eb.or([eb("next_attempt_at", "<=", now), eb("lease_until", ">", now)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function spawnOnEmptyDatabase(dialect: Dialect, env: Record<string, string>) {
  const database = await createTestDatabase(dialect);
  return { server: spawnBuiltServer({ ...env, DATABASE_URL: database.url }), database };
}

export async function startHostileServer(
  dialect: Dialect,
  env: Record<string, string> = {},
): Promise<HostileServer> {
  const settings = { TRUST_PROXY: "on", LOG_LEVEL: "info", RATE_LIMITS: "off", ...env };
  // A production start seeds no demo business: it gets an empty (migrated) database of its own.
  const { server, database } = env.APP_ENV
    ? await spawnOnEmptyDatabase(dialect, settings)
    : await spawnSeededServerOn(dialect, settings);
  const baseUrl = await waitUntilListening(server, STARTUP_MS);
  const db: AppDatabase = database;
  // The jobs that run on start (the series sweep books the demo's regular cleans ahead) write
  // rows of their own: the suites compare rows before and after each post, so they wait for them.
  await until(async () => (await dueJobs(db)) === 0, { timeout: STARTUP_MS, interval: 100 });
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
      await server.cleanUp();
      await database.destroy();
    },
  };
}
