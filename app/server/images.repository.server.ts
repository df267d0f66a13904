import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "./database";

/** images.widths: the widths (px) the variants exist at, stored as a JSON list. */
export const ImageWidthsSchema = z.array(z.number().int().positive());

/**
 * Parses a stored widths list, for every repository that reads images.widths (joined or not).
 * Null when there is none or it does not parse: the page then shows that image as missing (a
 * slide's dark backdrop, a cleaner's monogram) rather than failing, and an import of the same
 * photo makes its variants again.
 */
export function parseImageWidths(json: string | null | undefined): number[] | null {
  if (json == null) return null;
  const parsed = ImageWidthsSchema.safeParse(safeJson(json));
  return parsed.success ? parsed.data : null;
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
  return row && { ...row, widths: parseImageWidths(row.widths) };
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
