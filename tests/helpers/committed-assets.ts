import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

// The licensed files committed under assets/, which the app reads unless DEMO_PHOTOS_DIR or
// SUBURBS_CSV names others. Only Node here: playwright.config.ts loads this without the "~" alias.

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export const nswSuburbsCsv = path.join(projectRoot, "assets", "nsw-suburbs", "nsw-suburbs.csv");

export const demoPhotosDir = path.join(projectRoot, "assets", "demo-photos");

// A 24x16 JPEG: the stand-in for each demo photo, whose variants take milliseconds to encode
// where the real photographs take seconds, which every server a test starts would pay.
const TINY_JPEG = Buffer.from(
  "/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/" +
    "2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/" +
    "wAARCAAQABgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEB" +
    "AQAAAAAAAAAAAAAAAAAAAAT/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCeAmUAAP/Z",
  "base64",
);

/** A JPEG comment segment (FF FE) naming the file, so every stand-in has bytes of its own. */
function tinyJpegNamed(name: string) {
  const text = Buffer.from(name, "utf8");
  const length = Buffer.alloc(2);
  length.writeUInt16BE(text.length + 2);
  return Buffer.concat([
    TINY_JPEG.subarray(0, 2),
    Buffer.from([0xff, 0xfe]),
    length,
    text,
    TINY_JPEG.subarray(2),
  ]);
}

let scratch: string | undefined;

/** A folder of this process's own, made once and removed when it exits. */
function scratchDir() {
  if (scratch) return scratch;
  const dir = mkdtempSync(path.join(os.tmpdir(), "hg-test-assets-"));
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  scratch = dir;
  return dir;
}

/**
 * A folder holding a tiny stand-in for every photo of the committed folder, under the same
 * names: the DEMO_PHOTOS_DIR of tests whose servers seed the demo data without looking at its
 * pictures.
 */
export function standInDemoPhotosDir(): string {
  const dir = path.join(scratchDir(), "demo-photos");
  if (existsSync(dir)) return dir;
  mkdirSync(dir);
  for (const name of readdirSync(demoPhotosDir).filter((file) => file.endsWith(".jpg"))) {
    writeFileSync(path.join(dir, name), tinyJpegNamed(name));
  }
  return dir;
}

/**
 * The committed suburbs list cut to its Greater Sydney rows (927 of 4,606): the SUBURBS_CSV of
 * servers whose tests suggest no suburb beyond it, so each start loads a fifth of the list.
 */
export function greaterSydneySuburbsCsv(): string {
  const file = path.join(scratchDir(), "greater-sydney-suburbs.csv");
  if (existsSync(file)) return file;
  const [header, ...rows] = readFileSync(nswSuburbsCsv, "utf8").trimEnd().split("\n");
  writeFileSync(file, [header, ...rows.filter((row) => row.endsWith(",TRUE"))].join("\n"));
  return file;
}
