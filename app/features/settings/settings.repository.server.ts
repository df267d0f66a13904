import type { Kysely } from "kysely";
import type { z } from "zod";
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
  if (!row) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(row.value);
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
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

/** Raw values (JSON text) of the given keys, with who saved each and when. */
export async function findSettings(db: Kysely<Database>, keys: string[]) {
  if (keys.length === 0) return new Map<string, SettingRow>();
  const rows = await db.selectFrom("settings").selectAll().where("key", "in", keys).execute();
  return new Map(rows.map((row) => [row.key, row]));
}

export type SettingRow = Awaited<ReturnType<typeof findSetting>> & {};
