import type { Kysely } from "kysely";
import type { Database } from "~/server/database";

export async function findSetting(db: Kysely<Database>, key: string) {
  return db.selectFrom("settings").selectAll().where("key", "=", key).executeTakeFirst();
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
