import type { Kysely } from "kysely";
import type { Database } from "./database";
import type { AppDatabase } from "./db.server";

// The public site's content version (migration 2026_11_22_1700): one row, read on every public
// request and bumped by every writer of that content, in the writer's own transaction, so the
// new version is visible exactly when the new content is. The migration inserts the row and
// nothing deletes it.

/** The version in force. */
export async function readContentVersion(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("content_version")
    .select("version")
    .where("id", "=", 1)
    .executeTakeFirstOrThrow();
  return Number(row.version);
}

/**
 * Marks the public site's content as changed: every process rebuilds its cached copy on its next
 * request. Call it inside the transaction that writes the content (business profile, hero slides,
 * room photos, featured reviews, analytics tag).
 */
export async function bumpContentVersion(db: Kysely<Database>, now = new Date()) {
  await db
    .updateTable("content_version")
    .set((eb) => ({ version: eb("version", "+", 1), updated_at: now.toISOString() }))
    .where("id", "=", 1)
    .execute();
}

/**
 * `readContentVersion` for the fast lane's every request: on SQLite a prepared statement on the
 * connection (no query builder, no prepare per call), elsewhere the Kysely query.
 */
export function contentVersionReader(database: AppDatabase): () => Promise<number> {
  const { sqlite } = database;
  if (!sqlite) return () => readContentVersion(database.db);
  const statement = sqlite.prepare("select version from content_version where id = 1").pluck();
  return () => {
    try {
      return Promise.resolve(Number(statement.get()));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  };
}
