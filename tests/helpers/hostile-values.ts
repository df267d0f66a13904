import fc from "fast-check";

// What a stranger may type or send instead of a name, an email or a number: the generators the
// hostile-input suite draws its payloads from (fast-check, fixed seeds).

/** Injection-shaped and otherwise awkward texts, each a classic of its kind. */
const NASTY_TEXTS = [
  "' OR 1=1 --",
  "'; DROP TABLE quotes; --",
  '" OR ""="',
  "1; SELECT pg_sleep(10)",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  '"><svg onload=alert(1)>',
  "javascript:alert(1)",
  '=HYPERLINK("http://evil.example","click")',
  "=cmd|' /C calc'!A0",
  "+SUM(1,1)",
  "-2+3",
  "@SUM(A1)",
  "../../../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "%2e%2e%2f%2e%2e%2f",
  "${7*7}",
  "{{7*7}}",
  "__proto__",
  "constructor",
  "prototype",
  "\u202Egnp.exe",
  "a\u200B\u200C\u200D\uFEFFb",
  "\u0645\u0631\u062D\u0628\u0627 \u05E9\u05DC\u05D5\u05DD",
  "𝕳𝖆𝖗𝖇𝖔𝖚𝖗 😀👩‍👩‍👧‍👦",
  "Z̵̡̢͇̘̓̏a̸̧͉͒l̵̢͐g̷͔̈́o̶͎͐",
  "\u0000",
  "Ada\u0000Lovelace",
  "\ud800",
  "x\udfffy",
  "\r\nBcc: victim@example.com",
  "null",
  "undefined",
  "NaN",
  "-1",
  "1e309",
  "0x10",
  "9".repeat(400),
  "",
  " ",
];

const longText = fc
  .tuple(fc.constantFrom("x", "😀", "\u200B", "<a>", "é"), fc.integer({ min: 300, max: 20_000 }))
  .map(([unit, times]) => unit.repeat(times));

/** One hostile text value. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_TEXTS) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 60 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 60 }) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...NASTY_TEXTS), fc.string({ maxLength: 10 }))
      .map(([nasty, tail]) => nasty + tail),
  },
  { weight: 1, arbitrary: longText },
);

/** Keys that pollute a prototype when an object is merged carelessly. */
export const PROTOTYPE_KEYS = ["__proto__", "constructor", "prototype"] as const;

/** Sets `key` as an own property, even "__proto__" (an assignment would change the prototype). */
function defineOwn(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return target;
}

const pollutingObject = fc
  .tuple(fc.constantFrom(...PROTOTYPE_KEYS), fc.jsonValue({ maxDepth: 2 }))
  .map(([key, value]) =>
    defineOwn({}, key, { polluted: true, isAdmin: true, status: "confirmed", value }),
  );

/** One hostile JSON value: wrong types, extreme numbers, nested junk, prototype keys. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(
      1e308,
      -1,
      0,
      -0,
      1.5,
      2 ** 53 + 2,
      -(2 ** 31),
      true,
      null,
      [],
      {},
      [[[[[]]]]],
    ),
  },
  { weight: 1, arbitrary: pollutingObject },
  { weight: 1, arbitrary: fc.array(fc.string(), { minLength: 50, maxLength: 400 }) },
);

/** Sets a dotted path in a deep copy of `base`, creating objects on the way. */
export function withValueAt(base: object, dotted: string, value: unknown) {
  const copy = structuredClone(base) as Record<string, unknown>;
  const keys = dotted.split(".");
  let node = copy;
  for (const key of keys.slice(0, -1)) {
    const next = Object.hasOwn(node, key) ? node[key] : undefined;
    const child =
      next && typeof next === "object" ? (next as Record<string, unknown>) : ({} as object);
    defineOwn(node, key, child);
    node = child as Record<string, unknown>;
  }
  defineOwn(node, keys.at(-1)!, value);
  return copy;
}

/** Bytes that are not UTF-8 (overlong, surrogate halves, stray continuations), percent-encoded. */
export const brokenUtf8 = fc
  .oneof(
    fc.constantFrom("%C0%AF", "%ED%A0%80", "%FF%FE", "%80%80", "%F4%90%80%80", "%00"),
    fc
      .uint8Array({ minLength: 1, maxLength: 40 })
      .map((bytes) =>
        Array.from(bytes, (byte) => `%${byte.toString(16).padStart(2, "0")}`).join(""),
      ),
  )
  .map((encoded) => `a${encoded}z`);
