import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import {
  anchorsIn,
  brokenPath,
  issueCitations,
  markdownLinks,
  outsideCitations,
  pathCitations,
  readmeSections,
  repositoryTextFiles,
  slug,
} from "./citations/citation-rules";

// Every text file of the repository (code, tests, scripts, docs, configs, .ci/run) is read once,
// and each citation in it must resolve: a cited repository path exists (and its #heading, for
// Markdown), nothing cites a document outside the repository or an issue number of ours, and
// every relative Markdown link lands on a file of the repository. The rules, and the one marker
// for a line that shows an example path, are in scripts/citations/citation-rules.ts.

const ROOT = path.resolve(import.meta.dirname, "..");
/** This file and its rules quote every kind of bad citation on purpose. */
const SELF = ["scripts/citations.test.ts", "scripts/citations/citation-rules.ts"];
/**
 * Provenance records: where each licensed photo was found, by its path in the repository it came
 * from. Those paths are other projects', so they are not checked against this one.
 */
const OTHER_REPOSITORIES_PATHS = ["assets/demo-photos/LICENSES.md"];

const packageJson = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};
const DEPENDENCIES = new Set([
  ...Object.keys(packageJson.dependencies ?? {}),
  ...Object.keys(packageJson.devDependencies ?? {}),
]);

const files = repositoryTextFiles(ROOT).filter((file) => !SELF.includes(file));
const texts = new Map(files.map((file) => [file, readFileSync(path.join(ROOT, file), "utf8")]));
const lines = [...texts].flatMap(([file, text]) =>
  text.split("\n").map((line, i) => ({ where: `${file}:${i + 1}`, line })),
);

describe("citations in the repository", () => {
  test("the whole repository is read: code, tests, docs, configs and the CI script", () => {
    for (const file of ["README.md", "server.ts", ".env.example", ".ci/run", "eslint.config.js"])
      expect(files).toContain(file);
    for (const folder of ["app/", "tests/", "scripts/", "docs/", "eslint-rules/"])
      expect(files.some((file) => file.startsWith(folder))).toBe(true);
  });

  const citations = lines
    .filter(({ where }) => !OTHER_REPOSITORIES_PATHS.includes(where.split(":")[0]!))
    .flatMap(({ where, line }) => pathCitations(line).map((citation) => ({ where, citation })));

  test("there are citations to check, in many files", () => {
    expect(citations.length).toBeGreaterThan(500);
    expect(new Set(citations.map((c) => c.where.split(":")[0])).size).toBeGreaterThan(150);
    expect(citations.filter((c) => c.citation.includes("#")).length).toBeGreaterThan(150);
  });

  test("every cited path exists, and every cited heading is in its document", () => {
    const broken = citations.flatMap(({ where, citation }) => {
      const why = brokenPath(ROOT, citation);
      return why ? [`${where} ${citation}: ${why}`] : [];
    });
    expect(broken).toEqual([]);
  });

  test("a README section cited by its name is a heading of the README", () => {
    const headings = anchorsIn(texts.get("README.md") ?? "");
    const broken = lines.flatMap(({ where, line }) =>
      readmeSections(line)
        .filter((name) => !headings.has(slug(name)))
        .map((name) => `${where} README "${name}"`),
    );
    expect(broken).toEqual([]);
  });

  test("nothing cites the shared folder, its documents or their numbering", () => {
    const found = lines.flatMap(({ where, line }) =>
      outsideCitations(line).map((c) => `${where} ${c}`),
    );
    expect(found).toEqual([]);
  });

  test("no comment or document cites an issue number of ours", () => {
    const found = lines.flatMap(({ where, line }) =>
      issueCitations(line, DEPENDENCIES).map((c) => `${where} ${c}`),
    );
    expect(found).toEqual([]);
  });

  test("relative Markdown links land inside the repository, on a file and heading that exist", () => {
    let checked = 0;
    const broken = [...texts]
      .filter(([file]) => file.endsWith(".md"))
      .flatMap(([file, text]) =>
        markdownLinks(file, text).flatMap(({ href, target }) => {
          checked++;
          if (target.startsWith("../")) return [`${file}: ${href}: outside the repository`];
          const why = brokenPath(ROOT, target);
          return why ? [`${file}: ${href}: ${why}`] : [];
        }),
      );
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });
});

describe("what counts as a cited path", () => {
  test.each([
    ["see app/server/audit-log.server.ts.", ["app/server/audit-log.server.ts"]],
    [
      "(`tests/integration/access-control.test.ts`, 0038)",
      ["tests/integration/access-control.test.ts"],
    ],
    ["docs/product/public-site.md#quote-wizard,", ["docs/product/public-site.md#quote-wizard"]],
    ['"scripts/bench/pages.ts"', ["scripts/bench/pages.ts"]],
    [
      "assets/nsw-suburbs/README.md and eslint-rules/",
      ["assets/nsw-suburbs/README.md", "eslint-rules/"],
    ],
  ])("%s cites %j", (line, cited) => {
    expect(pathCitations(line)).toEqual(cited);
  });

  test.each([
    'await page.goto("/app/quotes")',
    'import x from "../app/lib/ids"',
    "https://example.com/docs/intro.md",
    "docs/decisions/NNNN-short-title.md",
    "app/features/<feature>/components/",
    "tests/e2e/*.spec.ts",
    "docs/product/…#heading",
    "app/features/widgets/widgets.service.server.ts <!-- not-a-citation -->",
  ])("%s cites nothing checkable", (line) => {
    const cited = pathCitations(line).filter((c) => brokenPath(ROOT, c) !== null);
    expect(cited).toEqual([]);
  });

  test("a path that does not exist is reported, and one that does is not", () => {
    expect(brokenPath(ROOT, "app/server/audit-log.server.ts")).toBe("no such file or folder");
    expect(brokenPath(ROOT, "app/server/audit-log.repository.server.ts")).toBeNull();
    expect(brokenPath(ROOT, "docs/decisions/README.md#no-such-heading")).toBe(
      "no heading #no-such-heading",
    );
    expect(brokenPath(ROOT, "app/features/")).toBeNull();
  });

  test("anchors follow GitHub's slugs", () => {
    expect(slug("Subscription plans and rewards")).toBe("subscription-plans-and-rewards");
    expect(slug("Cleaner profile (`/provider/{id}`)")).toBe("cleaner-profile-providerid");
    expect(slug("0027. The lifecycle of a request")).toBe("0027-the-lifecycle-of-a-request");
    expect(slug("Import direction (lint holds it)")).toBe("import-direction-lint-holds-it");
  });
});

test("README sections are cited by name in quotes", () => {
  expect(readmeSections('the one form approach (README "Forms")')).toEqual(["Forms"]);
  expect(readmeSections('(see README, "Credits")')).toEqual(["Credits"]);
  expect(readmeSections('README\'s "Instant quote" section')).toEqual(["Instant quote"]);
  expect(readmeSections("the README lists them")).toEqual([]);
  expect(readmeSections('s3rver\'s README "Programmatically running"')).toEqual([]);
});

// Some examples below are spelled in parts, so that a plain search of the repository for outside
// citations or issue numbers does not take the checker's own examples for real ones.
describe("what counts as a citation of something outside the repository", () => {
  test.each([
    `(STYLE${".md"} rule 5)`,
    "// STYLE rule 8: what needs JavaScript",
    `the import direction of ARCHITECTURE${".md"}`,
    'ARCHITECTURE "UI"',
    "Brand tokens (shared/BRAND.md)",
    `path.resolve(process.cwd(), "..${"/shared"}")`,
    "/work/shared/assets/photos",
    "shared/spec/public-site.md",
    "// D12: real data",
    "(DECISIONS D2)",
    "// spec public-site 5: number steppers",
    "(spec back-office 2.5 and 9)",
    "the four webhooks of the public spec, section 7",
  ])("%s is flagged", (line) => {
    expect(outsideCitations(line)).not.toEqual([]);
  });

  test.each([
    "a shared cache (CDN) keeps them",
    "the shared 2-core box",
    'className="grid-cols-3 text-D2"',
    "color: #D12A4F;",
    "Some are 3D renders",
    "docs/decisions/0012-real-customer-data.md",
    "docs/conventions.md#database-columns",
  ])("%s is not", (line) => {
    expect(outsideCitations(line)).toEqual([]);
  });
});

describe("what counts as an issue-number citation", () => {
  const deps = new Set(["react-router", "@react-router/dev"]);

  test.each([
    `// Issue${" "}14: a success message takes focus`,
    `(issue${" "}12)`,
    `issue${" "}#9`,
    "issues 14 and 15",
    `Issue${" "}18, "Access control"`,
    `some-other-project issue${" "}#3`,
  ])("%s is flagged", (line) => {
    expect(issueCitations(line, deps)).not.toEqual([]);
  });

  test.each([
    `react-router issue${" "}#14102`,
    `@react-router/dev issue${" "}#7`,
    "https://github.com/remix-run/react-router/issues/14102",
    "the back-office issue",
    "no issues found",
  ])("%s is not", (line) => {
    expect(issueCitations(line, deps)).toEqual([]);
  });
});

describe("the check on a repository with a broken citation", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "hg-citations-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(path.join(dir, "docs"));
  writeFileSync(path.join(dir, "docs", "guide.md"), "# Guide\n\n## Setting up\n");

  test("a missing file, a missing heading and a link out of the repository are each caught", () => {
    expect(brokenPath(dir, "docs/guide.md#setting-up")).toBeNull();
    expect(brokenPath(dir, "docs/guide.md#tearing-down")).toBe("no heading #tearing-down");
    expect(brokenPath(dir, "docs/missing.md")).toBe("no such file or folder");
    const links = markdownLinks(
      "docs/guide.md",
      `[a](../..${"/shared"}/STYLE${".md"}) [b](guide.md#setting-up)`,
    );
    expect(links.map((l) => l.target)).toEqual([
      `..${"/shared"}/STYLE${".md"}`,
      "docs/guide.md#setting-up",
    ]);
  });
});
