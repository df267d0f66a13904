/**
 * "BRIGHTON-LE-SANDS" -> "Brighton-Le-Sands", "MCMAHONS POINT" -> "McMahons Point",
 * "O'CONNELL" -> "O'Connell": official lists spell suburbs in capitals.
 */
export function titleCaseSuburb(raw: string) {
  return raw
    .trim()
    .replace(/\s+/g, " ")
    .toLowerCase()
    .replace(
      /(^|[\s\-'(])([a-z])/g,
      (_, before: string, letter: string) => before + letter.toUpperCase(),
    )
    .replace(/\bMc([a-z])/g, (_, letter: string) => `Mc${letter.toUpperCase()}`);
}

/** What a type-ahead query may contain; anything else (including LIKE wildcards) is dropped. */
export function normaliseSuburbQuery(query: string) {
  return query
    .toLowerCase()
    .replace(/[^a-z0-9 '\-.]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}
