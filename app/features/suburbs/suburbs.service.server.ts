import type { Kysely } from "kysely";
import { newId } from "~/lib/ids";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import type { AppConfig } from "~/server/config.server";
import type { Database } from "~/server/database";
import { normaliseSuburbQuery } from "./suburb-name";
import { readSuburbsCsv, type SuburbRecord } from "./suburbs-csv.server";
import {
  countSuburbs,
  findSuburbsByNamePrefix,
  findSuburbsByPostcode,
  findSuburbsByPostcodePrefix,
  findSuburbsNamed,
  insertSuburbs,
  type SuburbRow,
} from "./suburbs.repository.server";

export type Suburb = SuburbRecord & { id: string };

/**
 * Fills the suburbs table at start (docs/decisions/0018-sydney-suburbs.md) from the suburbs list
 * (the committed NSW list, or SUBURBS_CSV). A table with fewer rows than the list gains the
 * suburbs it lacks, so a database filled from a shorter list earlier comes to suggest all of NSW;
 * a list that cannot be read stops the start with its path.
 */
export async function ensureSuburbs(db: Kysely<Database>, config: Pick<AppConfig, "suburbsCsv">) {
  const count = await countSuburbs(db);
  const records = await readSuburbsCsv(config.suburbsCsv);
  if (records.length <= count) return { inserted: 0 };
  return { inserted: await insertSuburbs(db, records.map(toRow)) };
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

// --- The service area: where the business usually works. ---

/** A type-ahead suggestion, marked when it is outside the service area. */
export type SuburbSuggestion = { suburb: string; postcode: string; outsideArea: boolean };

/**
 * The service area in force: the postcodes staff listed in the business profile, or, when they
 * listed none (the default), the Greater Sydney suburbs of the suburbs table.
 */
async function serviceAreaTest(db: Kysely<Database>) {
  const { serviceAreaPostcodes } = await getBusinessProfile(db);
  const listed = new Set(serviceAreaPostcodes);
  return (suburb: Pick<Suburb, "postcode" | "inGreaterSydney">) =>
    listed.size > 0 ? listed.has(suburb.postcode) : suburb.inGreaterSydney;
}

/** The address type-ahead's answer: searchSuburbs, each marked inside or outside the area. */
export async function suggestSuburbs(
  db: Kysely<Database>,
  query: string,
  limit = 8,
): Promise<SuburbSuggestion[]> {
  const found = await searchSuburbs(db, query, 1000);
  if (found.length === 0) return [];
  const inArea = await serviceAreaTest(db);
  return found
    .map((s) => ({ suburb: s.name, postcode: s.postcode, outsideArea: !inArea(s) }))
    .sort((a, b) => Number(a.outsideArea) - Number(b.outsideArea))
    .slice(0, Math.max(0, limit));
}

/**
 * Whether a quote's address ("Paddys Flat NSW 2469", as the type-ahead writes it, or free text
 * ending in a postcode) is outside the service area. Without a postcode we cannot tell: false.
 * A postcode the suburbs table does not know (another state) is outside.
 */
export async function isOutsideServiceArea(db: Kysely<Database>, address: string | undefined) {
  const postcode = /\b(\d{4})\s*$/.exec(address?.trim() ?? "")?.[1];
  if (!postcode) return false;
  const inArea = await serviceAreaTest(db);
  const rows = (await findSuburbsByPostcode(db, postcode)).map(toSuburb);
  // A postcode the table does not know: only a list staff made can say it is outside.
  if (rows.length === 0)
    return (await getBusinessProfile(db)).serviceAreaPostcodes.length > 0
      ? !inArea({ postcode, inGreaterSydney: false })
      : false;
  const name = normaliseSuburbQuery(address!.replace(/\b(nsw)?\s*\d{4}\s*$/i, ""));
  const named = rows.filter((row) => name.endsWith(normaliseSuburbQuery(row.name)));
  return !(named.length > 0 ? named : rows).some(inArea);
}

// --- Whether an address names a suburb on the list (docs/decisions/0050-wizard-history-and-suburbs.md). ---

// A suburb's name has at most six words ("Kangaroo Valley" has two; the longest in NSW has five).
const MAX_NAME_WORDS = 6;

/**
 * Whether a quote's address names a suburb of the suburbs table: it ends with the suburb's name,
 * then optionally "NSW" and the suburb's postcode ("Mosman NSW 2088", "12 Ada St, Mosman",
 * "Mosman 2088"), or is a postcode of the list alone. "Melbourne" or "Mosman 3000" is not. With
 * no list loaded (a database the server has not started on) there is nothing to check against.
 */
export async function namesListedSuburb(db: Kysely<Database>, address: string) {
  const words = normaliseSuburbQuery(address.replace(/,/g, " ")).split(" ").filter(Boolean);
  const postcode = /^\d{4}$/.test(words.at(-1) ?? "") ? words.pop() : undefined;
  if (words.at(-1) === "nsw") words.pop();
  const names = Array.from({ length: Math.min(words.length, MAX_NAME_WORDS) }, (_, n) =>
    words.slice(words.length - n - 1).join(" "),
  );
  const found =
    names.length > 0
      ? await findSuburbsNamed(db, names, postcode)
      : postcode
        ? await findSuburbsByPostcode(db, postcode)
        : [];
  return found.length > 0 || (await countSuburbs(db)) === 0;
}
