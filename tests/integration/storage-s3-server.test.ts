import { existsSync } from "node:fs";
import path from "node:path";
import { PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { S3RVER_CREDENTIALS, startLocalS3, type LocalS3 } from "../helpers/s3-server";
import {
  spawnBuiltServer,
  waitUntilListening,
  type ServerProcess,
} from "../helpers/server-process";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/test-database";

// docs/decisions/0036-object-storage.md: the built server (as production runs it) with S3_* set
// keeps a visitor's photo in the bucket, serves it back through its own URL and keeps nothing
// in its data folder; image variants under /media are streamed from the bucket too.

describe.each(testDialects)("the built server with S3 object storage on %s", (dialect) => {
  let s3: LocalS3;
  let database: TestDatabase;
  let server: ServerProcess;
  let baseUrl: string;
  beforeAll(async () => {
    s3 = await startLocalS3();
    database = await createTestDatabase(dialect);
    server = spawnBuiltServer({ ...s3.env, DATABASE_URL: database.url });
    baseUrl = await waitUntilListening(server);
  }, 60_000);
  afterAll(async () => {
    await server?.cleanUp();
    await s3?.stop();
    await database?.destroy();
  });

  test("a photo uploaded through the app lands in the bucket and is served back by the app", async () => {
    const jpeg = await sharp({
      create: { width: 700, height: 500, channels: 3, background: "#9a8" },
    })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.set("photo", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "kitchen.jpg");
    const uploaded = await fetch(`${baseUrl}/api/uploads`, { method: "POST", body: form });
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };

    const keys = await s3.listKeys();
    expect(keys.filter((key) => key.startsWith("uploads/"))).toHaveLength(1);
    expect(existsSync(path.join(server.dataDir, "uploads"))).toBe(false);

    const served = await fetch(baseUrl + url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toBe("private, max-age=86400");
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(served.headers.get("content-length")).toBe(String(bytes.length));
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "webp", width: 700 });
  });

  test("an image variant in the bucket is served under /media with year-long caching", async () => {
    const key = "0123456789abcdef0123456789abcdef";
    const webp = await sharp({
      create: { width: 480, height: 320, channels: 3, background: "#123" },
    })
      .webp()
      .toBuffer();
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: S3RVER_CREDENTIALS,
    });
    await client.send(
      new PutObjectCommand({ Bucket: s3.bucket, Key: `media/${key}/480.webp`, Body: webp }),
    );
    client.destroy();

    const served = await fetch(`${baseUrl}/media/${key}/480.webp`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await served.arrayBuffer()).equals(webp)).toBe(true);

    const etag = served.headers.get("etag")!;
    const again = await fetch(`${baseUrl}/media/${key}/480.webp`, {
      headers: { "if-none-match": etag },
    });
    expect(again.status).toBe(304);

    expect((await fetch(`${baseUrl}/media/${key}/768.webp`)).status).toBe(404);
    // A path that tries to climb out is refused before it reaches the storage (400), or not found.
    expect([400, 404]).toContain((await fetch(`${baseUrl}/media/..%2fsecrets.json`)).status);
  });

  test("the start-up log names the bucket and never prints the keys", () => {
    expect(server.output()).toMatch(/"storage":"bucket harbour-test at http:\/\/127\.0\.0\.1:\d+"/);
    expect(server.output()).not.toContain(S3RVER_CREDENTIALS.secretAccessKey);
  });
});

test("the built server refuses to start with half an S3 configuration, naming what is missing", async () => {
  const server = spawnBuiltServer({ S3_BUCKET: "harbour-test", S3_SECRET_ACCESS_KEY: "hush-hush" });
  try {
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/S3_REGION: is required when S3_BUCKET is set/);
    expect(server.output()).toMatch(/S3_ACCESS_KEY_ID: is required when S3_BUCKET is set/);
    expect(server.output()).not.toContain("hush-hush");
  } finally {
    await server.cleanUp();
  }
});
