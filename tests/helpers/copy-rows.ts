// Rows made by the database from a template row the app wrote: INSERT … SELECT over a number
// series (admin-lists-data.ts), every column taken from the template unless an override names
// it, so the copies have exactly the app's columns on SQLite and PostgreSQL.
import { sql, type Kysely } from "kysely";
import type { Database } from "~/server/database";
import type { Dialect } from "./sql-dialects";

export type Copy = { db: Kysely<Database>; d: Dialect; templateId: string; count: number };

export const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;
export const caseOf = (on: string, values: string[]) =>
  `(case ${on} ${values.map((v, n) => `when ${n} then ${literal(v)}`).join(" ")} end)`;

async function columnsOf(db: Kysely<Database>, d: Dialect, table: string) {
  const query =
    d.name === "sqlite"
      ? sql<{ name: string }>`select name from pragma_table_info(${table})`
      : sql<{ name: string }>`select column_name as name from information_schema.columns
          where table_schema = current_schema() and table_name = ${table}
          order by ordinal_position`;
  return (await query.execute(db)).rows.map((row) => row.name);
}

/** `count` copies of the template row of `table`, row `s.i` (1 to count) with `overrides`. */
export async function copyRows(copy: Copy, table: string, overrides: Record<string, string>) {
  const columns = await columnsOf(copy.db, copy.d, table);
  const values = columns.map((c) => overrides[c] ?? `t."${c}"`);
  await sql
    .raw(
      `insert into ${table} (${columns.map((c) => `"${c}"`).join(", ")})
       select ${values.join(", ")} from ${table} t cross join ${copy.d.series(1, copy.count)}
       where t.id = ${literal(copy.templateId)}`,
    )
    .execute(copy.db);
}
