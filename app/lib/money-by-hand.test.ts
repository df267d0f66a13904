import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

// docs/decisions/0009-sydney-time-and-money.md: money is written by ~/lib/format only, so
// "$1,175.00" never appears as "$1175.00" or "$1175" somewhere a formatter was not used. These are
// the shapes a hand-made one takes: a dollar sign before a template expression, or cents divided
// into dollars and written with toFixed.

const APP = path.resolve(import.meta.dirname, "..");
const HAND_MADE_MONEY = [/\$\$\{/, /\/\s*100\)?\.toFixed\(/];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

test("no code in app/ formats money by hand", () => {
  const found = sourceFiles(APP).flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line, index) =>
        HAND_MADE_MONEY.some((pattern) => pattern.test(line))
          ? [`${path.relative(APP, file)}:${index + 1}: ${line.trim()}`]
          : [],
      ),
  );
  expect(found).toEqual([]);
});
