// A small seeded generator (mulberry32): the same seed gives the same demo data on every run,
// without a faker dependency. Not for anything secret: ids, references and tokens come from
// node:crypto (app/lib/ids.ts).

export type Random = ReturnType<typeof createRandom>;

export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[Math.floor(next() * items.length)]!;
  };
  return {
    next,
    /** An integer from min to max, both included */
    int,
    chance: (probability: number) => next() < probability,
    pick,
    /** One value, each with its weight: weighted([["a", 3], ["b", 1]]) is "a" three times in four */
    weighted<T>(entries: readonly (readonly [T, number])[]): T {
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [value, weight] of entries) {
        roll -= weight;
        if (roll < 0) return value;
      }
      return entries[entries.length - 1]![0];
    },
    /** `count` distinct items, in the list's order */
    sample<T>(items: readonly T[], count: number): T[] {
      const chosen = new Set<number>();
      while (chosen.size < Math.min(count, items.length)) chosen.add(int(0, items.length - 1));
      return [...chosen].sort((a, b) => a - b).map((index) => items[index]!);
    },
    digits: (length: number) => Array.from({ length }, () => String(int(0, 9))).join(""),
  };
}
