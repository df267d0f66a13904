/**
 * The keys of a complete label record, in the record's order, as the non-empty tuple `z.enum`
 * takes: a list of options and its labels are then written once, and cannot drift apart.
 */
export function labelKeys<K extends string>(labels: Record<K, string>) {
  return Object.keys(labels) as [K, ...K[]];
}
