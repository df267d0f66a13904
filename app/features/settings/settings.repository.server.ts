import type { Kysely } from "kysely";
import type { z } from "zod";
import { jsonColumnOr, parseJsonColumn } from "~/lib/json-column";
import type { Database } from "~/server/database";

export async function findSetting(db: Kysely<Database>, key: string) {
  return db.selectFrom("settings").selectAll().where("key", "=", key).executeTakeFirst();
}

/**
 * A setting's value parsed by its schema (the JSON column read at the repository edge): undefined
 * when the key is not set, or when its stored text is not JSON or does not fit the schema, so the
 * caller falls back to its default rather than failing the page.
 */
export async function findSettingValue<T>(
  db: Kysely<Database>,
  key: string,
  schema: z.ZodType<T>,
): Promise<T | undefined> {
  const row = await findSetting(db, key);
  return jsonColumnOr(schema, row?.value ?? null, undefined);
}

export async function upsertSetting(
  db: Kysely<Database>,
  row: { key: string; value: string; updated_at: string; updated_by: string | null },
) {
  await db
    .insertInto("settings")
    .values(row)
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        value: row.value,
        updated_at: row.updated_at,
        updated_by: row.updated_by,
      }),
    )
    .execute();
}

/**
 * The saved values of the given text settings, each read by `schema` (SavedStringSchema): a key
 * whose stored text is not JSON or does not fit is left out, as if never saved.
 */
export async function findSettingValues<T>(
  db: Kysely<Database>,
  keys: string[],
  schema: z.ZodType<T>,
) {
  const values = new Map<string, T>();
  if (keys.length === 0) return values;
  const rows = await db.selectFrom("settings").selectAll().where("key", "in", keys).execute();
  for (const row of rows) {
    const parsed = parseJsonColumn(schema, row.value);
    if (parsed.ok) values.set(row.key, parsed.value);
  }
  return values;
}
