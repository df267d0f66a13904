import type { Kysely } from "kysely";
import { newId } from "~/lib/ids";
import type { AppConfig } from "~/server/config.server";
import type { Database } from "~/server/database";
import { normaliseSuburbQuery } from "./suburb-name";
import { readSuburbsCsv, type SuburbRecord } from "./suburbs-csv.server";
import {
  countSuburbs,
  findSuburbsByNamePrefix,
  findSuburbsByPostcodePrefix,
  insertSuburbs,
  type SuburbRow,
} from "./suburbs.repository.server";
import { SYDNEY_SUBURBS } from "./sydney-suburbs";

export type Suburb = SuburbRecord & { id: string };

/**
 * Fills an empty suburbs table at start (docs/decisions/0018-sydney-suburbs.md): from SUBURBS_CSV when it is set,
 * otherwise from the built-in Greater Sydney list. A table that has rows is left alone.
 */
export async function ensureSuburbs(db: Kysely<Database>, config: Pick<AppConfig, "SUBURBS_CSV">) {
  if ((await countSuburbs(db)) > 0) return { inserted: 0, source: "existing" as const };
  const records = config.SUBURBS_CSV
    ? await readSuburbsCsv(config.SUBURBS_CSV)
    : SYDNEY_SUBURBS.map(([name, postcode, lat, lng]) => ({
        name,
        postcode,
        state: "NSW",
        lat,
        lng,
        inGreaterSydney: true,
      }));
  const inserted = await insertSuburbs(db, records.map(toRow));
  return { inserted, source: config.SUBURBS_CSV ? ("csv" as const) : ("built-in" as const) };
}

/**
 * The address type-ahead: suburbs whose name starts with the query, or whose postcode does when
 * the query is digits; Greater Sydney first, since that is where the business works.
 */
export async function searchSuburbs(
  db: Kysely<Database>,
  query: string,
  limit = 8,
): Promise<Suburb[]> {
  const prefix = normaliseSuburbQuery(query);
  if (!prefix) return [];
  const byPostcode = /^\d+$/.test(prefix);
  if (byPostcode && prefix.length > 4) return [];
  const rows = byPostcode
    ? await findSuburbsByPostcodePrefix(db, prefix)
    : await findSuburbsByNamePrefix(db, prefix);
  // Sorted here rather than in SQL: PostgreSQL's locale collations ignore spaces and hyphens
  // while SQLite compares bytes, so ORDER BY name would list suburbs differently per dialect.
  return rows
    .map(toSuburb)
    .sort(
      (a, b) =>
        Number(b.inGreaterSydney) - Number(a.inGreaterSydney) ||
        (byPostcode ? compare(a.postcode, b.postcode) : 0) ||
        compare(a.name.toLowerCase(), b.name.toLowerCase()) ||
        compare(a.postcode, b.postcode),
    )
    .slice(0, Math.max(0, limit));
}

function compare(a: string, b: string) {
  return a < b ? -1 : a > b ? 1 : 0;
}

function toRow(record: SuburbRecord): SuburbRow {
  return {
    id: newId(),
    name: record.name,
    postcode: record.postcode,
    state: record.state,
    lat: record.lat,
    lng: record.lng,
    in_greater_sydney: record.inGreaterSydney ? 1 : 0,
  };
}

function toSuburb(row: SuburbRow): Suburb {
  return {
    id: row.id,
    name: row.name,
    postcode: row.postcode,
    state: row.state,
    lat: row.lat,
    lng: row.lng,
    inGreaterSydney: row.in_greater_sydney === 1,
  };
}
