import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

// What scripts/citations.test.ts holds every text file of the repository to. Comments, tests and
// documents cite code and documents by their path in the repository (app/features/quote/…,
// docs/decisions/0008-webhook-outbox.md#decision), so a rename that leaves a citation behind, a
// citation of a document that lives outside the repository (a clone does not have it), or a
// ticket number (meaningless to a reader of the code) fails the check.
//
// A line that shows a path as an example rather than citing it (a made-up feature in a guide, a
// fixture that pretends to live in app/) carries the marker `not-a-citation` anywhere on it, in
// whatever comment syntax the file has (`// not-a-citation`, `<!-- not-a-citation -->`). The
// marker exempts that one line from the path checks only; use it sparingly.

export const NOT_A_CITATION = "not-a-citation";

/** Folders at the repository's root whose paths are cited in prose and comments. */
const CITED_ROOTS = ["app", "tests", "scripts", "docs", "assets", "eslint-rules", ".ci"];

/**
 * A repository path: one of the cited roots, then path characters, optionally a #anchor. Not
 * part of a longer path or a URL (`/app/…`, `../app/…`, `https://x/docs/…`), and not a path
 * that continues into a placeholder or a glob (`app/features/<feature>/`, `docs/decisions/NNNN-*`).
 */
const REPO_PATH = new RegExp(
  String.raw`(?<![\w./@:~-])(?:${CITED_ROOTS.map((r) => r.replace(".", String.raw`\.`)).join("|")})/[\w./@+-]*(?:#[\w-]+)?`,
  "g",
);
/** What may follow a path that is only the start of an example or a pattern. */
const PLACEHOLDER_AFTER = /^[*…<{$]|^NNNN|^\[/;

/** Paths found on one line, without trailing punctuation; examples and patterns are left out. */
export function pathCitations(line: string): string[] {
  if (line.includes(NOT_A_CITATION)) return [];
  return [...line.matchAll(REPO_PATH)].flatMap((m) => {
    const after = line.slice((m.index ?? 0) + m[0].length);
    const cited = m[0].replace(/[.-]+$/, "");
    if (PLACEHOLDER_AFTER.test(after) || /NNNN/.test(cited)) return [];
    return [cited];
  });
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The anchors of a Markdown file's headings (fenced code skipped), numbered as GitHub does. */
export function anchorsIn(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const m = !fenced && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = slug(m[1] ?? "");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  }
  return anchors;
}

const anchorCache = new Map<string, Set<string>>();

/** Why a path (with an optional #anchor) does not resolve under root, or null when it does. */
export function brokenPath(root: string, citation: string): string | null {
  const [file = "", anchor] = citation.split("#");
  const abs = path.join(root, file);
  if (!existsSync(abs)) return "no such file or folder";
  if (anchor === undefined) return null;
  if (!statSync(abs).isFile() || !file.endsWith(".md"))
    return "an anchor on a file that is not Markdown";
  let anchors = anchorCache.get(abs);
  if (!anchors) anchorCache.set(abs, (anchors = anchorsIn(readFileSync(abs, "utf8"))));
  return anchors.has(anchor) ? null : `no heading #${anchor}`;
}

/**
 * Documents and folders that live outside the repository: the team's shared folder beside the
 * project and the guidance documents in it. The project carries its own version of each
 * (docs/architecture.md, docs/conventions.md, docs/decisions/, docs/product/).
 */
const OUTSIDE: { name: string; re: RegExp }[] = [
  { name: "shared folder", re: /(?:\.\.\/)+shared\b|\/work\/shared\b|(?<![\w./-])shared\/[\w-]/g },
  { name: "outside document", re: /\b(?:STYLE|ARCHITECTURE|DECISIONS|BRAND)\.md\b/g },
  { name: "outside document", re: /\bSTYLE(?:\.md)? rule\b|\bARCHITECTURE\b(?! *=)/g },
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

/** Citations of what is not in the repository: the shared folder, its documents and numbering. */
export function outsideCitations(line: string): string[] {
  if (line.includes(NOT_A_CITATION)) return [];
  return OUTSIDE.flatMap(({ name, re }) =>
    [...line.matchAll(re)].map((m) => `${name}: ${m[0].trim()}`),
  );
}

/**
 * An issue or ticket number of ours: the word "issue" followed by a number, as in a comment that
 * names a ticket instead of saying why.
 * An upstream project's issue is cited by the dependency's package name ("react-router issue
 * #14102") or by its URL, and is accepted: it names where to read about it.
 */
const ISSUE = /(?<![\w@./-])([\w@./-]+\s+)?[Ii]ssues?\s+#?\d+/g;

export function issueCitations(line: string, dependencies: ReadonlySet<string>): string[] {
  return [...line.matchAll(ISSUE)].flatMap((m) => {
    const owner = m[1]?.trim();
    return owner && dependencies.has(owner) ? [] : [m[0].trim()];
  });
}

/**
 * A section of our README cited by its name in quotes (README "Forms", README's "Tests", README,
 * "Credits"); another project's README ("s3rver's README") is not ours to check.
 */
export function readmeSections(line: string): string[] {
  if (line.includes(NOT_A_CITATION)) return [];
  return [...line.matchAll(/(?<!'s )\bREADME(?:'s)?,? \(?"([^"]+)"/g)].map((m) => m[1] ?? "");
}

/** A Markdown link's target, resolved against the linking file: a path in the repository. */
export function markdownLinks(file: string, text: string): { href: string; target: string }[] {
  // A fenced block shows Markdown (a template, an example) rather than linking from this page.
  const prose = text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].flatMap((m) => {
    const href = m[1] ?? "";
    if (/^[a-z]+:/i.test(href) || href.startsWith("//")) return [];
    const [target = "", anchor] = href.split("#");
    const resolved = target
      ? path.posix.normalize(path.posix.join(path.posix.dirname(file), target))
      : file;
    return [{ href, target: anchor === undefined ? resolved : `${resolved}#${anchor}` }];
  });
}

/** Every file git knows of here, tracked or new and not ignored, that is text. */
export function repositoryTextFiles(root: string): string[] {
  const listed = execFileSync(
    "git",
    ["ls-files", "--cached", "--others", "--exclude-standard", "-z"],
    {
      cwd: root,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return [...new Set(listed.split("\0"))].filter((file) => {
    if (!file || file === "package-lock.json" || !existsSync(path.join(root, file))) return false;
    if (/\.(png|jpe?g|gif|webp|avif|ico|woff2?|ttf|otf|pdf|zip|gz|db)$/i.test(file)) return false;
    const stat = statSync(path.join(root, file));
    return stat.isFile() && !readFileSync(path.join(root, file)).subarray(0, 8000).includes(0);
  });
}
