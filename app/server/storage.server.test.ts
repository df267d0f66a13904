import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startLocalS3, type LocalS3 } from "../../tests/helpers/s3-server";
import {
  createLocalStorage,
  createS3Storage,
  InvalidStorageKeyError,
  readObject,
  storageFor,
  type ObjectStorage,
} from "./storage.server";

// docs/decisions/0036-object-storage.md: one contract, two backends. The S3 one talks to a real
// S3-compatible server (s3rver) on a free port, through the AWS SDK the app ships with.

let s3: LocalS3;
let dataDir: string;
beforeAll(async () => {
  s3 = await startLocalS3();
  dataDir = mkdtempSync(path.join(os.tmpdir(), "hg-storage-"));
});
afterAll(async () => {
  await s3.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const backends: [string, () => Promise<ObjectStorage>][] = [
  ["the data folder", async () => createLocalStorage(dataDir)],
  ["an S3 bucket", () => createS3Storage(s3.settings)],
];

describe.each(backends)("object storage in %s", (_name, make) => {
  test("an object put is read back whole, with its size, as a stream", async () => {
    const storage = await make();
    const content = Buffer.from("a photo's bytes ".repeat(1000));
    await storage.put("uploads/abc123.webp", content, "image/webp");

    const object = await storage.get("uploads/abc123.webp");
    expect(object?.size).toBe(content.length);
    expect((await buffer(object!.body)).equals(content)).toBe(true);
    expect(await storage.stat("uploads/abc123.webp")).toEqual({ size: content.length });
    expect((await readObject(storage, "uploads/abc123.webp"))?.equals(content)).toBe(true);
  });

  test("a second put replaces the object", async () => {
    const storage = await make();
    await storage.put("media/k1/480.webp", Buffer.from("first"), "image/webp");
    await storage.put("media/k1/480.webp", Buffer.from("second, longer"), "image/webp");
    expect((await readObject(storage, "media/k1/480.webp"))?.toString()).toBe("second, longer");
  });

  test("a missing object reads as null, and deleting it twice is no error", async () => {
    const storage = await make();
    await storage.put("uploads/gone.webp", Buffer.from("x"), "image/webp");
    await storage.delete("uploads/gone.webp");
    await storage.delete("uploads/gone.webp");
    expect(await storage.get("uploads/gone.webp")).toBeNull();
    expect(await storage.stat("uploads/gone.webp")).toBeNull();
    expect(await storage.get("uploads/never-there.webp")).toBeNull();
  });

  test("keys that could leave the storage's own space are refused", async () => {
    const storage = await make();
    for (const key of ["../secrets.json", "uploads/../../x", "/etc/passwd", "a//b", "", "a\\b"]) {
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.put(key, Buffer.from("x"), "text/plain")).rejects.toBeInstanceOf(
        InvalidStorageKeyError,
      );
    }
  });

  test("describes where it keeps objects without any secret", async () => {
    const storage = await make();
    expect(storage.describe()).not.toContain(s3.settings.secretAccessKey);
    expect(storage.describe()).toMatch(
      storage.kind === "s3" ? /^bucket harbour-test at / : /^data folder /,
    );
  });
});

describe("choosing the backend from the configuration", () => {
  test("the data folder without S3 settings; one shared S3 client with them", async () => {
    expect((await storageFor({ dataDir, s3: null })).kind).toBe("local");
    const config = { dataDir, s3: s3.settings };
    const first = await storageFor(config);
    expect(first.kind).toBe("s3");
    expect(await storageFor(config)).toBe(first);
  });

  test("objects put through S3 do not touch the data folder", async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), "hg-storage-empty-"));
    const storage = await storageFor({ dataDir: folder, s3: s3.settings });
    await storage.put("uploads/only-in-the-bucket.webp", Buffer.from("x"), "image/webp");
    expect(readdirSync(folder)).toEqual([]);
    rmSync(folder, { recursive: true, force: true });
  });
});
