import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "./database";

/** images.widths: the widths (px) the variants exist at, stored as a JSON list. */
export const ImageWidthsSchema = z.array(z.number().int().positive());

/**
 * Parses a stored widths list. A row that does not parse is an image whose variants cannot be
 * trusted: it throws, naming the key, rather than serving broken sources (upload and seed paths
 * re-check the files on disk anyway).
 */
export function parseImageWidths(key: string, json: string): number[] {
  const parsed = ImageWidthsSchema.safeParse(safeJson(json));
  if (!parsed.success) throw new Error(`images.widths of ${key} is not a list of widths`);
  return parsed.data;
}

function safeJson(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

export async function findImageByKey(db: Kysely<Database>, key: string) {
  const row = await db.selectFrom("images").selectAll().where("key", "=", key).executeTakeFirst();
  return row && { ...row, widths: parseImageWidths(key, row.widths) };
}

export async function insertImage(
  db: Kysely<Database>,
  image: {
    key: string;
    width: number;
    height: number;
    widths: number[];
    bytes: number;
    originalName: string;
    credit: string | null;
    createdAt: string;
  },
) {
  await db
    .insertInto("images")
    .values({
      key: image.key,
      width: image.width,
      height: image.height,
      widths: JSON.stringify(image.widths),
      bytes: image.bytes,
      original_name: image.originalName,
      credit: image.credit,
      created_at: image.createdAt,
    })
    // Two imports of one photo at once both succeed; the first row stays.
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
}
