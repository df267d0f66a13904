import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { readContentVersion } from "~/server/content-version.repository.server";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { addCleaner, uploadCleanerPhoto } from "./add-cleaner.service.server";
import { ADD_CLEANER_TEXT, CLEANER_PHOTO_TEXT } from "./cleaner-admin-copy";
import { insertCleaners } from "./cleaner.test-data";

function form(fields: Record<string, string | string[]>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) data.append(name, one);
  }
  return data;
}

const valid = {
  name: "Priya Nair",
  email: "Priya.Nair@example.com",
  phone: "0412 345 678",
  location: "Chatswood",
  services: ["Residential", "End of Lease"],
  availability: ["Monday", "Friday"],
  languages: "English",
  specialties: ["Deep Cleaning"],
};

describe.each(testDialects)("adding a cleaner on %s", (dialect) => {
  let database: TestDatabase;
  let dataDir: string;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    dataDir = mkdtempSync(path.join(os.tmpdir(), "hg-cleaner-photo-"));
  });
  afterEach(async () => {
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const stored = (id: string) =>
    database.db.selectFrom("cleaners").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  test("a valid form stores an offline cleaner (no police check yet) with rating 0, no jobs and the chosen lists", async () => {
    const before = await readContentVersion(database.db);
    const result = await addCleaner(
      database.db,
      form({ ...valid, photoUrl: "https://images.unsplash.com/photo-1" }),
    );
    if (!result.ok) throw new Error(result.kind);
    expect(await stored(result.cleanerId)).toMatchObject({
      name: "Priya Nair",
      email: "priya.nair@example.com",
      phone: "0412 345 678",
      location: "Chatswood",
      photo: "https://images.unsplash.com/photo-1",
      services: '["Residential","End of Lease"]',
      availability: '["Monday","Friday"]',
      languages: '["English"]',
      specialties: '["Deep Cleaning"]',
      status: "offline",
      police_check_expires_on: null,
      rating: 0,
      active_bookings: 0,
      completed_jobs: 0,
      source: "admin",
    });
    expect(await readContentVersion(database.db)).toBe(before + 1);
  });

  test("missing required fields, a photo URL that is not a URL and unknown options are refused by field", async () => {
    const result = await addCleaner(
      database.db,
      form({
        name: " ",
        email: "nope",
        phone: "",
        location: "",
        photoUrl: "not a url",
        services: "Gardening",
      }),
    );
    expect(result).toMatchObject({
      ok: false,
      kind: "invalid",
      fieldErrors: {
        name: "Please enter the cleaner's name.",
        email: "Please enter a valid email address, like name@example.com.",
        phone: "Please enter the cleaner's phone number.",
        location: "Please enter the cleaner's location.",
        photoUrl: "Please enter a valid URL, like https://images.unsplash.com/…",
        services: "Please choose services from the list.",
      },
    });
    expect(await database.db.selectFrom("cleaners").select("id").execute()).toEqual([]);
  });

  test("an email another cleaner has, whatever its case, is refused", async () => {
    await insertCleaners(database.db, [{ email: "priya.nair@example.com" }]);
    expect(await addCleaner(database.db, form(valid))).toEqual({
      ok: false,
      kind: "conflict",
      message: ADD_CLEANER_TEXT.duplicateEmail,
      fieldErrors: { email: ADD_CLEANER_TEXT.duplicateEmail },
    });
  });

  test("two adds with one email at once store one cleaner", async () => {
    const results = await Promise.all([
      addCleaner(database.db, form(valid)),
      addCleaner(database.db, form({ ...valid, email: "PRIYA.nair@example.com" })),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(await database.db.selectFrom("cleaners").select("id").execute()).toHaveLength(1);
  });

  test("an uploaded photo is checked by content, re-encoded, and claimed by the new cleaner", async () => {
    const png = await sharp({
      create: { width: 300, height: 300, channels: 3, background: "#abc" },
    })
      .png()
      .toBuffer();
    const upload = await uploadCleanerPhoto(
      database.db,
      { dataDir },
      photoForm(new File([new Uint8Array(png)], "me.png")),
    );
    expect(upload.status).toBe(201);
    if (!("photo" in upload.body)) throw new Error("not stored");
    const photoId = upload.body.photo.id;
    const result = await addCleaner(database.db, form({ ...valid, photoId }));
    if (!result.ok) throw new Error(result.kind);
    expect((await stored(result.cleanerId)).photo).toBe(`/api/uploads/${photoId}`);
    const claim = await database.db
      .selectFrom("uploads")
      .select(["cleaner_id", "mime"])
      .where("id", "=", photoId)
      .executeTakeFirstOrThrow();
    expect(claim).toEqual({ cleaner_id: result.cleanerId, mime: "image/webp" });
    // The same upload cannot be used twice.
    const again = await addCleaner(
      database.db,
      form({ ...valid, email: "other@example.com", photoId }),
    );
    expect(again).toEqual({
      ok: false,
      kind: "invalid",
      message: ADD_CLEANER_TEXT.photoGone,
      fieldErrors: { photoId: ADD_CLEANER_TEXT.photoGone },
    });
  });

  test("a text file named like a photo is refused with the spec's message", async () => {
    const fake = new File(["just some text, not an image at all"], "me.jpg", {
      type: "image/jpeg",
    });
    const upload = await uploadCleanerPhoto(database.db, { dataDir }, photoForm(fake));
    expect(upload).toEqual({ status: 415, body: { error: CLEANER_PHOTO_TEXT.type } });
  });

  test("a form carrying two photos is refused whole, and nothing is stored", async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#abc" } })
      .png()
      .toBuffer();
    const body = photoForm(new File([new Uint8Array(png)], "one.png"));
    body.append("photo", new File([new Uint8Array(png)], "two.png"));
    const upload = await uploadCleanerPhoto(database.db, { dataDir }, body);
    expect(upload).toEqual({ status: 400, body: { error: "Please upload one photo at a time." } });
    const uploads = await database.db.selectFrom("uploads").select("id").execute();
    expect(uploads).toEqual([]);
  });
});

function photoForm(file: File) {
  const body = new FormData();
  body.append("photo", file);
  return body;
}
