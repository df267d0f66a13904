/**
 * `%text%` for a case-insensitive LIKE (the caller lowers the column and adds `escape '\'`), with
 * the user's % _ and \ taken literally: a search for "100%" finds "100%", not every "100".
 */
export function containsPattern(text: string) {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
