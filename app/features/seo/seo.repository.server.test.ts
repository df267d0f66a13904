import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { findFirstUploadedHero } from "./seo.repository.server";

const AT = "2026-11-20T23:15:00.000Z";
const placed = { width: 1920, height: 1280, alt: "A calm room", credit: null, updated_at: AT };

describe.each(testDialects)("the share image's hero photo on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    await database.db
      .insertInto("images")
      .values({
        key: "k1",
        width: 1920,
        height: 1280,
        widths: "[480,768,1280,1920]",
        bytes: 1,
        original_name: "a.jpg",
        created_at: AT,
      })
      .execute();
  });
  afterEach(async () => {
    await database.destroy();
  });

  const upload = (id: string, sort_order: number) => ({
    id,
    title: `Slide ${id}`,
    sort_order,
    source: "upload" as const,
    image_key: "k1",
    ...placed,
    created_at: AT,
  });
  const unsplash = (id: string, sort_order: number) => ({
    id,
    title: `Slide ${id}`,
    sort_order,
    source: "unsplash" as const,
    url: "https://images.unsplash.com/photo-1",
    ...placed,
    created_at: AT,
  });

  test("is the first slide when that slide is an upload", async () => {
    await database.db
      .insertInto("background_images")
      .values([unsplash("s2", 2), upload("s1", 1)])
      .execute();
    expect(await findFirstUploadedHero(database.db)).toEqual({
      image_key: "k1",
      widths: [480, 768, 1280, 1920],
    });
  });

  test("is nothing when the first slide is an Unsplash link, even if a later one is uploaded", async () => {
    await database.db
      .insertInto("background_images")
      .values([upload("s2", 2), unsplash("s1", 1)])
      .execute();
    expect(await findFirstUploadedHero(database.db)).toBeUndefined();
  });

  test("is nothing when there are no slides", async () => {
    expect(await findFirstUploadedHero(database.db)).toBeUndefined();
  });
});
