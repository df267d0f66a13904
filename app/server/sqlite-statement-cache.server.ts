import type SQLite from "better-sqlite3";
import type { SqliteDatabase, SqliteStatement } from "kysely";

// Kysely's SQLite driver prepares every statement anew, and a profile of POST /api/v1/quotes
// spent about a tenth of the request in `prepare` (docs/benchmarks.md#quotes-api). The app sends
// a few hundred distinct SQL texts at most (the query builder puts values in parameters), so the
// connection Kysely sees keeps each prepared statement by its SQL text, least recently used out
// past `capacity`. better-sqlite3 re-prepares a statement by itself when the schema changes, so a
// kept statement stays right after a migration.

/** How many prepared statements the serving connection keeps (the app has about 300 SQL texts). */
export const STATEMENT_CACHE_CAPACITY = 500;

export type CachingSqliteDatabase = SqliteDatabase & {
  /** How many statements are kept now. */
  readonly size: number;
};

/**
 * `database` for Kysely's SqliteDialect, preparing each SQL text once. A kept statement that is
 * still being read (a streamed query in progress) is not handed out twice: that call gets a
 * fresh statement of its own.
 */
export function cachingStatements(
  database: SQLite.Database,
  capacity = STATEMENT_CACHE_CAPACITY,
): CachingSqliteDatabase {
  const kept = new Map<string, SQLite.Statement>();
  return {
    get size() {
      return kept.size;
    },
    close() {
      kept.clear();
      database.close();
    },
    prepare(sql: string): SqliteStatement {
      const found = kept.get(sql);
      if (found) {
        if (found.busy) return database.prepare(sql);
        // A Map iterates in insertion order: moving the hit to the end keeps the oldest first.
        kept.delete(sql);
        kept.set(sql, found);
        return found;
      }
      const statement = database.prepare(sql);
      kept.set(sql, statement);
      if (kept.size > capacity) kept.delete(kept.keys().next().value!);
      return statement;
    },
  };
}
