import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { addCleaner } from "~/features/dashboard/dashboard.test-data";
import { readContentVersion } from "~/server/content-version.repository.server";
import {
  addBackgroundImageByUrl,
  addBackgroundImageFromFile,
  deleteBackgroundImageById,
  getBackgroundImages,
  getRoomImages,
  moveBackgroundImage,
  setRoomImageByUrl,
} from "./background-images.service.server";
import { ReviewFormSchema, type ReviewInput } from "./marketing.schema";
import { MARKETING_TEXT } from "./marketing-text";
import {
  createReview,
  editReview,
  getReviewsPage,
  removeReview,
  REVIEWS_PAGE_SIZE,
  setReviewOnHome,
} from "./reviews.service.server";
import { UNSPLASH_URL_MESSAGE } from "./unsplash-url";

const PHOTO = "https://images.unsplash.com/photo-1590490360182-c33d57733427";

function review(fields: Record<string, string>): ReviewInput {
  const parsed = ReviewFormSchema.safeParse({
    clientName: "Olivia M.",
    comment: "Spotless.",
    ...fields,
  });
  if (!parsed.success) throw parsed.error;
  return parsed.data;
}

describe.each(testDialects)("the marketing screen's writes on %s", (dialect) => {
  let database: TestDatabase;
  let dataDir: string;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    dataDir = mkdtempSync(path.join(os.tmpdir(), "marketing-test-"));
  });
  afterEach(async () => {
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const titles = async () => (await getBackgroundImages(database.db)).map((image) => image.title);

  test("an added image goes last (highest order + 1), as its fixed-crop link, and bumps the content version", async () => {
    const { db } = database;
    const before = await readContentVersion(db);
    await addBackgroundImageByUrl(db, { url: PHOTO, title: "First" });
    const page = await addBackgroundImageByUrl(db, {
      url: "https://unsplash.com/photos/a-calm-room-cHjAxnJk_wQ",
      title: "Background Image",
    });
    expect(page.ok).toBe(true);
    const images = await getBackgroundImages(db);
    expect(images.map((image) => [image.title, image.order])).toEqual([
      ["First", 1],
      ["Background Image", 2],
    ]);
    expect(images[1]!.preview?.fallback).toMatch(
      /^https:\/\/images\.unsplash\.com\/photo-cHjAxnJk_wQ\?w=768&h=432&fit=crop/,
    );
    expect(await readContentVersion(db)).toBe(before + 2);
  });

  test("a link that is not Unsplash's is refused and nothing is stored", async () => {
    const { db } = database;
    const before = await readContentVersion(db);
    const result = await addBackgroundImageByUrl(db, {
      url: "https://images.unsplash.com.evil.com/photo-1-a",
      title: "Background Image",
    });
    expect(result).toEqual({
      ok: false,
      kind: "invalid",
      message: UNSPLASH_URL_MESSAGE,
      fieldErrors: { url: UNSPLASH_URL_MESSAGE },
    });
    expect(await titles()).toEqual([]);
    expect(await readContentVersion(db)).toBe(before);
  });

  test("images move up and down one place, stop at the ends, and can be deleted", async () => {
    const { db } = database;
    for (const title of ["A", "B", "C"]) await addBackgroundImageByUrl(db, { url: PHOTO, title });
    const [a, b, c] = await getBackgroundImages(db);
    expect(await moveBackgroundImage(db, c!.id, "up")).toBe("moved");
    expect(await titles()).toEqual(["A", "C", "B"]);
    expect(await moveBackgroundImage(db, a!.id, "up")).toBe("edge");
    expect(await moveBackgroundImage(db, a!.id, "down")).toBe("moved");
    expect(await titles()).toEqual(["C", "A", "B"]);
    expect(await moveBackgroundImage(db, "missing", "down")).toBe("not-found");

    const before = await readContentVersion(db);
    expect(await deleteBackgroundImageById(db, b!.id)).toBe(true);
    expect(await deleteBackgroundImageById(db, b!.id)).toBe(false);
    expect(await titles()).toEqual(["C", "A"]);
    expect(await readContentVersion(db)).toBe(before + 1);
  });

  test("an uploaded photo is re-encoded into local variants; a file that is not a photo is refused", async () => {
    const { db } = database;
    const png = await sharp({
      create: { width: 900, height: 600, channels: 3, background: "#c9a24a" },
    })
      .png()
      .toBuffer();
    const added = await addBackgroundImageFromFile(
      db,
      { dataDir },
      { title: "Our lounge", file: { bytes: png, name: "lounge.png" } },
    );
    expect(added.ok).toBe(true);
    const [image] = await getBackgroundImages(db);
    expect(image!.source).toBe("upload");
    expect(image!.preview?.fallback).toMatch(/^\/media\/[0-9a-f]{32}\/768\.webp$/);

    const refused = await addBackgroundImageFromFile(
      db,
      { dataDir },
      { title: "x", file: { bytes: Buffer.from("<svg></svg> not a photo"), name: "x.svg" } },
    );
    expect(refused).toMatchObject({
      ok: false,
      kind: "unsupported",
      fieldErrors: { photo: expect.stringContaining("not a photo") },
    });
    expect(await titles()).toEqual(["Our lounge"]);
  });

  test("a room card's image is replaced by a link with the card's 3:2 crop", async () => {
    const { db } = database;
    await setRoomImageByUrl(db, { room: "kitchen", url: PHOTO });
    await setRoomImageByUrl(db, {
      room: "kitchen",
      url: "https://unsplash.com/photos/cHjAxnJk_wQ",
    });
    const kitchen = (await getRoomImages(db)).find((room) => room.room === "kitchen")!;
    expect(kitchen.title).toBe("Kitchen");
    expect(kitchen.preview?.fallback).toMatch(
      /^https:\/\/images\.unsplash\.com\/photo-cHjAxnJk_wQ\?w=768&h=512&fit=crop/,
    );
    expect((await getRoomImages(db)).filter((room) => room.preview)).toHaveLength(1);
  });

  test("reviews staff add are unverified, rated 5 by default, edited and deleted, never on the home page", async () => {
    const { db } = database;
    const cleanerId = await addCleaner(db, {
      status: "available",
      createdAt: "2026-01-01T00:00:00.000Z",
    });
    const version = await readContentVersion(db);
    const created = await createReview(db, review({ serviceLabel: "Deep Clean", cleanerId }));
    expect(created.ok).toBe(true);
    const id = created.ok ? created.id : "";
    let [stored] = (await getReviewsPage(db, {})).reviews;
    expect(stored).toMatchObject({
      clientName: "Olivia M.",
      rating: 5,
      verified: false,
      showOnHome: false,
      serviceLabel: "Deep Clean",
      cleanerId,
    });
    expect(stored!.cleanerName).toMatch(/^Cleaner /);
    // Staff cannot vouch for it: it never goes on the home page.
    expect(await setReviewOnHome(db, id, true)).toBe("unverified");

    const edited = await editReview(
      db,
      id,
      review({ comment: "<b>Spotless</b> again", rating: "3" }),
    );
    expect(edited.ok).toBe(true);
    [stored] = (await getReviewsPage(db, {})).reviews;
    expect(stored).toMatchObject({
      comment: "<b>Spotless</b> again",
      rating: 3,
      verified: false,
      showOnHome: false,
      cleanerId: null,
    });

    expect(await removeReview(db, id)).toBe(true);
    expect(await removeReview(db, id)).toBe(false);
    expect((await getReviewsPage(db, {})).reviews).toEqual([]);
    expect(await readContentVersion(db)).toBe(version + 3);
    expect(await editReview(db, id, review({}))).toEqual({
      ok: false,
      kind: "not_found",
      message: MARKETING_TEXT.reviewNotFound,
    });
  });

  test("a client's own (verified) review is chosen for the home page, never reworded", async () => {
    const { db } = database;
    const at = new Date().toISOString();
    await db
      .insertInto("reviews")
      .values({
        id: "client-review",
        client_name: "Mia W.",
        rating: 4,
        comment: "Spotless kitchen.",
        verified: 1,
        location: null,
        photo_url: null,
        service_label: null,
        cleaner_id: null,
        quote_id: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    expect(await setReviewOnHome(db, "client-review", true)).toBe("changed");
    expect(await editReview(db, "client-review", review({ comment: "Better words" }))).toEqual({
      ok: false,
      kind: "conflict",
      message: MARKETING_TEXT.clientsOwnReview,
    });
    const [stored] = (await getReviewsPage(db, {})).reviews;
    expect(stored).toMatchObject({
      comment: "Spotless kitchen.",
      verified: true,
      showOnHome: true,
    });
    expect(await setReviewOnHome(db, "client-review", false)).toBe("changed");
  });

  test("a review naming an unknown cleaner is refused beside the field", async () => {
    const result = await createReview(database.db, review({ cleanerId: "no-such-cleaner" }));
    expect(result).toEqual({
      ok: false,
      kind: "invalid",
      message: "Choose a cleaner from the list",
      fieldErrors: { cleanerId: "Choose a cleaner from the list" },
    });
  });

  test("reviews list newest first, a page at a time, forwards and back", async () => {
    const { db } = database;
    const total = REVIEWS_PAGE_SIZE + 5;
    for (let i = 0; i < total; i += 1) {
      const at = new Date(Date.UTC(2026, 10, 1, 0, i));
      await createReview(db, review({ clientName: `Client ${i}` }), at);
    }
    const first = await getReviewsPage(db, {});
    expect(first.reviews).toHaveLength(REVIEWS_PAGE_SIZE);
    expect(first.reviews[0]!.clientName).toBe(`Client ${total - 1}`);
    expect(first.previous).toBeNull();
    const second = await getReviewsPage(db, { after: first.next });
    expect(second.reviews.map((r) => r.clientName)).toEqual(
      [4, 3, 2, 1, 0].map((i) => `Client ${i}`),
    );
    expect(second.next).toBeNull();
    const back = await getReviewsPage(db, { before: second.previous });
    expect(back.reviews.map((r) => r.id)).toEqual(first.reviews.map((r) => r.id));
    expect(back.previous).toBeNull();
  });
});

describe("the review form", () => {
  test("rating defaults to 5 and must be 1 to 5; it has no verified mark to tick", () => {
    const parsed = ReviewFormSchema.safeParse({
      clientName: "A",
      comment: "B",
      verified: "on",
      showOnHome: "on",
    });
    expect(parsed.data).toMatchObject({ rating: 5 });
    expect(parsed.data).not.toHaveProperty("verified");
    expect(parsed.data).not.toHaveProperty("showOnHome");
    expect(ReviewFormSchema.safeParse({ clientName: "A", comment: "B", rating: "6" }).success).toBe(
      false,
    );
    expect(ReviewFormSchema.safeParse({ clientName: "A", comment: "B", rating: "0" }).success).toBe(
      false,
    );
  });
});
