import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import { titleCaseSuburb } from "./suburb-name";

export type SuburbRecord = {
  name: string;
  postcode: string;
  state: string;
  lat: number | null;
  lng: number | null;
  inGreaterSydney: boolean;
};

type CsvRow = Record<string, string | undefined>;

/**
 * Reads a suburbs CSV with the columns suburb and postcode, and optionally poa_lat, poa_lng,
 * poa_in_greater_sydney and state (the layout of the NSW Spatial Services + ABS extract).
 * Rows without a four-digit postcode cannot be delivered to, so they are skipped.
 */
export async function readSuburbsCsv(file: string): Promise<SuburbRecord[]> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new Error(
      `The suburbs list cannot be read (${file}; SUBURBS_CSV may name another): ${(error as Error).message}`,
    );
  }
  const rows = parse(text, {
    columns: true,
    skip_empty_lines: true,
    trim: true,
    bom: true,
  }) as CsvRow[];
  if (rows.length > 0 && !("suburb" in rows[0]! && "postcode" in rows[0]!)) {
    throw new Error(`The suburbs list (${file}) needs the columns suburb and postcode`);
  }
  return rows.flatMap((row) => {
    const postcode = row.postcode ?? "";
    const name = row.suburb ?? "";
    if (!/^\d{4}$/.test(postcode) || !name) return [];
    return [
      {
        name: titleCaseSuburb(name),
        postcode,
        state: row.state?.toUpperCase() || "NSW",
        lat: coordinate(row.poa_lat),
        lng: coordinate(row.poa_lng),
        inGreaterSydney: row.poa_in_greater_sydney?.toUpperCase() === "TRUE",
      },
    ];
  });
}

function coordinate(value: string | undefined) {
  if (!value) return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}
