// Keyset pagination for the admin's tables: a page is "the rows after (or before) this row", by
// the sort column and the id as a tie-break, so pages stay right while rows are added. The
// cursor is that row's sort value and id, in a URL-safe string.

export type Cursor = { value: string; id: string };

/** Encodes a cursor for the URL (base64url of a JSON pair). */
export function encodeCursor(cursor: Cursor): string {
  const json = JSON.stringify([cursor.value, cursor.id]);
  return bytesToBase64Url(new TextEncoder().encode(json));
}

/** Reads a cursor from the URL; anything that is not one (edited, truncated) reads as none. */
export function decodeCursor(text: string | null | undefined): Cursor | null {
  if (!text || text.length > 500 || !/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(base64UrlToBytes(text)));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === "string" &&
      typeof parsed[1] === "string"
    ) {
      return { value: parsed[0], id: parsed[1] };
    }
  } catch {
    // Not base64 or not JSON: no cursor.
  }
  return null;
}

export type SortDirection = "asc" | "desc";
export type Sort<Column extends string> = { column: Column; direction: SortDirection };

/** Reads ?sort=column&dir=asc|desc against the columns a table allows; the default otherwise. */
export function readSort<Column extends string>(
  params: URLSearchParams,
  columns: readonly Column[],
  fallback: Sort<Column>,
): Sort<Column> {
  const column = params.get("sort");
  const direction = params.get("dir");
  if (!column || !(columns as readonly string[]).includes(column)) return fallback;
  return { column: column as Column, direction: direction === "asc" ? "asc" : "desc" };
}

/**
 * The URL a sortable header links to: sorted by `column`, the other way round if it already is,
 * back on the first page (a cursor belongs to one order).
 */
export function sortHref<Column extends string>(
  params: URLSearchParams,
  column: Column,
  current: Sort<Column>,
): string {
  const next = new URLSearchParams(params);
  next.delete("after");
  next.delete("before");
  next.set("sort", column);
  const flip = current.column === column && current.direction === "desc";
  next.set("dir", flip ? "asc" : "desc");
  return `?${next.toString()}`;
}

/** The URL of the next or previous page: the same filters and order, with the cursor set. */
export function pageHref(
  params: URLSearchParams,
  direction: "after" | "before",
  cursor: string | null,
): string {
  const next = new URLSearchParams(params);
  next.delete("after");
  next.delete("before");
  if (cursor) next.set(direction, cursor);
  const query = next.toString();
  return query ? `?${query}` : "?";
}

function bytesToBase64Url(bytes: Uint8Array) {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function base64UrlToBytes(text: string) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
