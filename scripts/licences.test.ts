import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, test } from "vitest";

// docs/licences.md lists the production dependencies with their licences, generated from
// node_modules by scripts/licences.mjs; this test fails when the list is stale, so a dependency
// change cannot land without its licence being seen.

const projectRoot = path.resolve(import.meta.dirname, "..");
const script = path.join(projectRoot, "scripts", "licences.mjs");
const temporary: string[] = [];
afterAll(() => temporary.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

async function run(...args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [script, ...args], {
      cwd: projectRoot,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "hg-licences-"));
  temporary.push(dir);
  return dir;
}

describe("docs/licences.md's production dependency list", () => {
  test("matches the licences in node_modules", async () => {
    const result = await run("--check");
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
  });

  test("is reported stale, naming the package, when a version in it is out of date", async () => {
    const readme = readFileSync(path.join(projectRoot, "docs", "licences.md"), "utf8");
    const [row, version] = /^\| zod +\| ([0-9.]+) +\|/m.exec(readme) ?? [];
    if (!row || !version) throw new Error("docs/licences.md does not list zod");
    const stale = path.join(tempDir(), "licences.md");
    writeFileSync(stale, readme.replace(row, row.replace(version, "3.0.0")));

    const result = await run("--check", "--file", stale);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/stale: run `npm run licences -- --write`/);
    expect(result.stderr).toMatch(/^\+ \|zod\|/m);
    expect(result.stderr).toMatch(/^- \|zod\|3\.0\.0\|/m);
  });
});

describe("the licence list of a project", () => {
  // A small project: two production packages, one of them copyleft, one either-or, a dev-only
  // one, and an optional build for another platform that is not installed.
  function fixture() {
    const root = tempDir();
    const packages: Record<string, { version: string; license: string; dev?: boolean }> = {
      "left-pad": { version: "1.3.0", license: "MIT" },
      "copyleft-lib": { version: "2.0.0", license: "GPL-3.0-only" },
      "either-or": { version: "0.1.0", license: "(MIT OR GPL-2.0)" },
      "test-runner": { version: "9.9.9", license: "GPL-3.0-only", dev: true },
    };
    const lock = {
      lockfileVersion: 3,
      packages: {
        "": { name: "fixture" },
        ...Object.fromEntries(
          Object.entries(packages).map(([name, { version, license, dev }]) => [
            `node_modules/${name}`,
            { version, license, ...(dev ? { dev: true } : {}) },
          ]),
        ),
        "node_modules/other-platform-build": { version: "1.0.0", optional: true },
      },
    };
    writeFileSync(path.join(root, "package-lock.json"), JSON.stringify(lock));
    for (const [name, { version, license }] of Object.entries(packages)) {
      mkdirSync(path.join(root, "node_modules", name), { recursive: true });
      writeFileSync(
        path.join(root, "node_modules", name, "package.json"),
        JSON.stringify({ name, version, license }),
      );
    }
    return root;
  }

  test("lists production packages only and marks the licences that are not permissive", async () => {
    const result = await run("--root", fixture());
    expect(result.code).toBe(0);
    const rows = result.stdout
      .split("\n")
      .filter((line) => line.startsWith("| ") && !line.includes("---"));
    expect(rows).toEqual([
      "| Package | Version | Licence | Note |",
      "| copyleft-lib | 2.0.0 | GPL-3.0-only | **not permissive: review** |",
      "| either-or | 0.1.0 | (MIT OR GPL-2.0) |  |",
      "| left-pad | 1.3.0 | MIT |  |",
    ]);
    expect(result.stdout).toMatch(/^3 packages; 1 with a licence that is not permissive\./);
  });

  test("--write puts the list into docs/licences.md between the markers, and --check then passes", async () => {
    const root = fixture();
    mkdirSync(path.join(root, "docs"));
    writeFileSync(
      path.join(root, "docs", "licences.md"),
      "# Fixture\n\n<!-- licences:start (npm run licences -- --write) -->\n<!-- licences:end -->\n\nAfter.\n",
    );
    expect((await run("--check", "--root", root)).code).toBe(1);
    expect((await run("--write", "--root", root)).code).toBe(0);
    const readme = readFileSync(path.join(root, "docs", "licences.md"), "utf8");
    expect(readme).toMatch(/\| left-pad +\| 1\.3\.0 +\| MIT/);
    expect(readme).toMatch(/After\.\n$/);
    expect((await run("--check", "--root", root)).code).toBe(0);
  });
});
