import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

// Comments, tests and the README cite the decision records and product rules by path and heading
// (docs/decisions/0012-real-customer-data.md, docs/product/public-site.md#quote-wizard). This
// check fails on a citation of the old shared documents ("D12", "spec public-site 5") and on a
// docs/ path or heading that does not exist, so a renamed file or heading cannot leave dangling
// references behind.

const ROOT = path.resolve(import.meta.dirname, "..");
const SCANNED = ["app", "tests", "scripts", "server.ts", "README.md"];
const SELF = "scripts/citations.test.ts";
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx|md|css)$/;

function filesUnder(rel: string): string[] {
  const abs = path.join(ROOT, rel);
  if (!existsSync(abs)) return [];
  if (statSync(abs).isFile()) return [rel];
  return readdirSync(abs, { withFileTypes: true })
    .filter((e) => !["node_modules", "build", ".react-router"].includes(e.name))
    .flatMap((e) => {
      const child = path.posix.join(rel, e.name);
      return e.isDirectory() ? filesUnder(child) : SOURCE.test(e.name) ? [child] : [];
    });
}

/**
 * References to the shared documents that are not in the repository. A decision number stands
 * alone ("D12", "(D26)", "DECISIONS D2"): not part of a word ("3D", "IFD3", "D3_X"), a colour
 * ("#D12"), a hex literal ("0xD12"), a class ("grid-D2") or SVG-like path data ("M12 D4").
 */
const STALE: { name: string; re: RegExp }[] = [
  {
    name: "decision number",
    re: /(?<![\w#./-])(?<![A-Za-z]\d+(?:\.\d+)?[ ,])D(?:[1-9]|[1-9]\d)\b(?![\w-])/g,
  },
  { name: "DECISIONS page", re: /\bDECISIONS\b/g },
  {
    name: "spec section",
    re: /(?<![\w/.#-])(?:specs?\s+\(?)?(?:public-site|back-office)(?:\s+spec)?\s+\d/g,
  },
  { name: "spec section", re: /\bspec(?:'s)?,?\s+\(?section\s+\d/g },
  { name: "spec screen", re: /\bspecs?\s+(?:public-site|back-office)\s+"/g },
];

export function staleCitations(text: string): string[] {
  return STALE.flatMap(({ name, re }) =>
    [...text.matchAll(re)].map((m) => `${name}: ${m[0].trim()}`),
  );
}

/** docs/…md with an optional #anchor, as cited in a comment, a string or prose. */
const DOC_PATH = /(?<![\w./-])docs\/[\w./-]+?\.md(?:#[\w-]+)?/g;

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

const anchorCache = new Map<string, Set<string>>();
function anchorsOf(file: string): Set<string> {
  let anchors = anchorCache.get(file);
  if (anchors) return anchors;
  anchors = new Set();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of readFileSync(path.join(ROOT, file), "utf8").split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const m = !fenced && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = slug(m[1] ?? "");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  }
  anchorCache.set(file, anchors);
  return anchors;
}

/** Why a citation does not resolve, or null when it does. */
function brokenCitation(citation: string): string | null {
  const [file = "", anchor] = citation.split("#");
  if (!existsSync(path.join(ROOT, file)) || !statSync(path.join(ROOT, file)).isFile())
    return "no such file";
  if (anchor !== undefined && !anchorsOf(file).has(anchor)) return `no heading #${anchor}`;
  return null;
}

const scanned = SCANNED.flatMap(filesUnder).filter((f) => f !== SELF);
const lines = scanned.flatMap((file) =>
  readFileSync(path.join(ROOT, file), "utf8")
    .split("\n")
    .map((text, i) => ({ where: `${file}:${i + 1}`, text })),
);

describe("citations of decisions and product rules", () => {
  test("no code, test or README cites the shared DECISIONS page or spec sections", () => {
    const found = lines.flatMap(({ where, text }) =>
      staleCitations(text).map((c) => `${where} ${c}`),
    );
    expect(found).toEqual([]);
  });

  const citations = lines.flatMap(({ where, text }) =>
    [...text.matchAll(DOC_PATH)].map((m) => ({ where, citation: m[0] })),
  );

  test("there are citations to check, in many files", () => {
    expect(citations.length).toBeGreaterThan(300);
    expect(new Set(citations.map((c) => c.where.split(":")[0])).size).toBeGreaterThan(100);
    expect(citations.filter((c) => c.citation.includes("#")).length).toBeGreaterThan(150);
  });

  test("every cited docs/ file exists and every cited heading is in it", () => {
    const broken = citations.flatMap(({ where, citation }) => {
      const why = brokenCitation(citation);
      return why ? [`${where} ${citation}: ${why}`] : [];
    });
    expect(broken).toEqual([]);
  });

  test("links between the documents resolve", () => {
    const docs = ["README.md", ...filesUnder("docs")].filter((f) => f.endsWith(".md"));
    let checked = 0;
    const broken = docs.flatMap((file) =>
      [...readFileSync(path.join(ROOT, file), "utf8").matchAll(/\]\(([^)\s]+)\)/g)].flatMap((m) => {
        const href = m[1] ?? "";
        if (/^[a-z]+:/i.test(href)) return [];
        const [target, anchor] = href.split("#");
        const resolved = target
          ? path.posix.normalize(path.posix.join(path.posix.dirname(file), target))
          : file;
        if (!resolved.endsWith(".md") && anchor === undefined) {
          checked++;
          return existsSync(path.join(ROOT, resolved)) ? [] : [`${file}: ${href}`];
        }
        if (!resolved.endsWith(".md")) return [];
        checked++;
        const why = brokenCitation(anchor === undefined ? resolved : `${resolved}#${anchor}`);
        return why ? [`${file}: ${href}: ${why}`] : [];
      }),
    );
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });
});

describe("what counts as a stale citation", () => {
  test.each([
    "// D12: real data",
    "(DECISIONS D2)",
    "a honeypot (D26).",
    "D26's numbers",
    "spec public-site 2, D12, D20",
    "// spec public-site 5: number steppers",
    '/** spec public-site "Home page": the six room cards */',
    "(spec back-office 2.5 and 9)",
    "specs (public-site 2, back-office 2.1)",
    "back-office spec 2.12",
    "one of the spec's slots (public-site 9)",
    "the four webhooks of the public spec, section 7",
    "the lifecycle table of DECISIONS.md",
  ])("%s is flagged", (text) => {
    expect(staleCitations(text)).not.toEqual([]);
  });

  test.each([
    'className="grid-cols-3 text-D2"',
    "color: #D12A4F;",
    "const mask = 0xD12;",
    "Some are 3D renders",
    'd="M12 D4 L3 4"',
    "IFD3: { GPSLatitudeRef: 'S' }",
    "D3_SCALE",
    "docs/decisions/0012-real-customer-data.md",
    "docs/product/public-site.md#business-constants-and-limits",
    "the back-office issue",
  ])("%s is not", (text) => {
    expect(staleCitations(text)).toEqual([]);
  });

  test("anchors follow GitHub's slugs", () => {
    expect(slug("Subscription plans and rewards")).toBe("subscription-plans-and-rewards");
    expect(slug("Cleaner profile (`/provider/{id}`)")).toBe("cleaner-profile-providerid");
    expect(slug("0027. The lifecycle of a request")).toBe("0027-the-lifecycle-of-a-request");
  });
});
