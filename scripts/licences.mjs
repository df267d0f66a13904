// The production dependency tree with each package's licence, read from node_modules, so that
// the list in docs/licences.md stays true and a dependency change cannot arrive without its
// licence being seen:
//   npm run licences              prints the Markdown table
//   npm run licences -- --write   writes it into docs/licences.md between the licences markers
//   npm run licences -- --check   exits 1 when docs/licences.md's list differs from node_modules
// Options for the tests: --root <folder> (where package-lock.json and node_modules are) and
// --file <file> (the Markdown file holding the list, default docs/licences.md under the root).
//
// The tree is package-lock.json's "packages" without the entries marked dev or devOptional
// (devOptional ones are optional peers, such as typescript, that production never installs), and
// only those present in node_modules: optional builds for other platforms are not installed here.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

export const START = "<!-- licences:start (npm run licences -- --write) -->";
export const END = "<!-- licences:end -->";

// Licences that let us ship the code in a commercial product with no more than a notice.
const PERMISSIVE = new Set([
  "MIT",
  "MIT-0",
  "ISC",
  "BSD-2-Clause",
  "BSD-3-Clause",
  "Apache-2.0",
  "0BSD",
  "BlueOak-1.0.0",
  "Unlicense",
  "CC0-1.0",
  "Python-2.0",
]);

/** The licence a package.json declares, as an SPDX expression (old `licenses` lists joined). */
function declaredLicence(manifest) {
  const { license, licenses } = manifest;
  if (typeof license === "string" && license.trim()) return license.trim();
  if (license && typeof license === "object" && license.type) return String(license.type);
  if (Array.isArray(licenses) && licenses.length > 0) {
    const types = licenses.map((entry) => (typeof entry === "string" ? entry : entry.type));
    return types.length === 1 ? types[0] : `(${types.join(" OR ")})`;
  }
  return "UNKNOWN";
}

/**
 * True when the SPDX expression lets us use the package under a permissive licence: an OR is
 * permissive when one side is, an AND when both are. Anything unparsed counts as not permissive.
 */
export function isPermissive(expression) {
  const tokens = expression.replace(/[()]/g, " $& ").trim().split(/\s+/);
  let position = 0;
  const parseOr = () => {
    let value = parseAnd();
    while (tokens[position] === "OR") {
      position += 1;
      value = parseAnd() || value;
    }
    return value;
  };
  const parseAnd = () => {
    let value = parseAtom();
    while (tokens[position] === "AND") {
      position += 1;
      value = parseAtom() && value;
    }
    return value;
  };
  const parseAtom = () => {
    const token = tokens[position++];
    if (token === "(") {
      const value = parseOr();
      if (tokens[position++] !== ")") return false;
      return value;
    }
    return token !== undefined && PERMISSIVE.has(token);
  };
  const result = parseOr();
  return result && position === tokens.length;
}

/** Name, version and licence of every installed production package, sorted by name. */
export function productionPackages(root) {
  const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8"));
  const seen = new Map();
  for (const [location, entry] of Object.entries(lock.packages ?? {})) {
    if (!location || entry.dev || entry.devOptional || entry.link) continue;
    const manifestFile = path.join(root, location, "package.json");
    if (!existsSync(manifestFile)) continue;
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
    const name = manifest.name ?? location.split("node_modules/").at(-1);
    const row = { name, version: manifest.version, licence: declaredLicence(manifest) };
    seen.set(`${row.name}@${row.version}`, row);
  }
  return [...seen.values()].sort(
    (a, b) => a.name.localeCompare(b.name, "en") || a.version.localeCompare(b.version, "en"),
  );
}

/** The Markdown table, with a note on every licence that is not permissive. */
export function licenceTable(packages) {
  const lines = [
    "| Package | Version | Licence | Note |",
    "| ------- | ------- | ------- | ---- |",
    ...packages.map(
      ({ name, version, licence }) =>
        `| ${name} | ${version} | ${licence} | ${isPermissive(licence) ? "" : "**not permissive: review**"} |`,
    ),
  ];
  const flagged = packages.filter(({ licence }) => !isPermissive(licence)).length;
  return [
    `${packages.length} packages; ${flagged} with a licence that is not permissive.`,
    "",
    ...lines,
  ].join("\n");
}

/**
 * The list's lines with each table cell trimmed and the separator row dropped: Prettier
 * re-aligns the document's tables, which must not make the list look stale.
 */
function normalise(section) {
  return section
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !/^\|[\s|:-]+\|$/.test(line))
    .map((line) =>
      line.startsWith("|")
        ? line
            .split("|")
            .map((cell) => cell.trim())
            .join("|")
        : line,
    );
}

/** The document's current list (between the markers), or null when the markers are missing. */
function listSection(doc) {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start === -1 || end === -1 || end < start) return null;
  return doc.slice(start + START.length, end).trim();
}

async function main() {
  const { values } = parseArgs({
    options: {
      check: { type: "boolean", default: false },
      write: { type: "boolean", default: false },
      root: { type: "string", default: process.cwd() },
      file: { type: "string" },
    },
  });
  const root = path.resolve(values.root);
  const listFile = path.resolve(values.file ?? path.join(root, "docs", "licences.md"));
  const table = licenceTable(productionPackages(root));

  if (!values.check && !values.write) {
    console.log(table);
    return;
  }
  const doc = readFileSync(listFile, "utf8");
  const current = listSection(doc);
  if (current === null) {
    console.error(`${listFile} has no licence list: add the lines\n${START}\n${END}`);
    process.exitCode = 1;
    return;
  }
  if (values.write) {
    const start = doc.indexOf(START) + START.length;
    const updated = `${doc.slice(0, start)}\n\n${table}\n\n${doc.slice(doc.indexOf(END))}`;
    // Formatted as `npm run format` would, so the format check passes on what we wrote.
    const prettier = await import("prettier");
    const options = (await prettier.resolveConfig(listFile)) ?? {};
    writeFileSync(listFile, await prettier.format(updated, { ...options, filepath: listFile }));
    console.log(`Wrote the licence list into ${listFile}`);
    return;
  }
  const want = new Set(normalise(table));
  const have = new Set(normalise(current));
  if (want.size !== have.size || [...want].some((line) => !have.has(line))) {
    const missing = [...want].filter((line) => !have.has(line));
    const stale = [...have].filter((line) => !want.has(line));
    console.error(
      `${path.basename(listFile)}'s production dependency list is stale: run \`npm run licences -- --write\`.\n` +
        [...missing.map((line) => `+ ${line}`), ...stale.map((line) => `- ${line}`)].join("\n"),
    );
    process.exitCode = 1;
    return;
  }
  console.log(`${path.basename(listFile)}'s production dependency list matches node_modules.`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
