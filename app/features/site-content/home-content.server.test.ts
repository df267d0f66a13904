import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import type { NewReview } from "~/server/database";
import { loadHomeContent } from "./home-content.server";

const AT = "2026-11-20T23:15:00.000Z";

function review(id: string, overrides: Partial<NewReview>): NewReview {
  return {
    id,
    client_name: "Olivia M.",
    location: "Mosman",
    rating: 5,
    comment: "Immaculate.",
    verified: 1,
    show_on_home: 1,
    service_label: "Deep Clean",
    created_at: AT,
    updated_at: AT,
    ...overrides,
  };
}

const placed = { width: 1920, height: 1280, alt: "A calm room", credit: null, created_at: AT };

describe.each(testDialects)("home content on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("slides come in their order, as AVIF and WebP sets of the stored variant widths", async () => {
    const { db } = database;
    await db
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
    await db
      .insertInto("background_images")
      .values([
        {
          id: "s2",
          title: "Luxury Interior 2",
          sort_order: 2,
          source: "upload",
          image_key: "k1",
          ...placed,
          updated_at: AT,
        },
        {
          id: "s1",
          title: "Luxury Interior 1",
          sort_order: 1,
          source: "unsplash",
          url: "https://images.unsplash.com/photo-1",
          ...placed,
          updated_at: AT,
        },
        // A link CSP would block (not images.unsplash.com): the slide keeps its dark backdrop.
        {
          id: "s3",
          title: "Luxury Interior 3",
          sort_order: 3,
          source: "unsplash",
          image_key: null,
          url: "https://unsplash.com/photos/x/download",
          ...placed,
          updated_at: AT,
        },
      ])
      .execute();

    const { slides } = await loadHomeContent(db);
    expect(slides.map((s) => s.title)).toEqual([
      "Luxury Interior 1",
      "Luxury Interior 2",
      "Luxury Interior 3",
    ]);
    expect(slides[1]!.image).toMatchObject({ width: 1920, height: 1280, alt: "A calm room" });
    expect(slides[1]!.image!.avif).toBe(
      "/media/k1/480.avif 480w, /media/k1/768.avif 768w, /media/k1/1280.avif 1280w, /media/k1/1920.avif 1920w",
    );
    expect(slides[0]!.image!.webp).toContain("https://images.unsplash.com/photo-1?w=480&fm=webp");
    expect(slides[2]!.image).toBeNull();
  });

  test("testimonials: verified reviews staff chose, newest first, five at most", async () => {
    const { db } = database;
    await db
      .insertInto("reviews")
      .values([
        ...[1, 2, 3, 4, 5, 6].map((n) =>
          review(`r${n}`, { rating: n === 2 ? 4 : 5, created_at: `2026-11-0${n}T00:00:00.000Z` }),
        ),
        review("unchosen", { show_on_home: 0, created_at: "2026-11-19T00:00:00.000Z" }),
        review("unverified", { verified: 0, created_at: "2026-11-19T00:00:00.000Z" }),
      ])
      .execute();

    const { testimonials } = await loadHomeContent(db);
    expect(testimonials.map((t) => t.id)).toEqual(["r6", "r5", "r4", "r3", "r2"]);
    expect(testimonials[4]).toMatchObject({ name: "Olivia M.", rating: 4, service: "Deep Clean" });
  });

  test("testimonials: while staff chose none, the newest verified reviews", async () => {
    const { db } = database;
    await db
      .insertInto("reviews")
      .values([
        review("old", { show_on_home: 0, created_at: "2026-11-01T00:00:00.000Z" }),
        review("new", { show_on_home: 0, created_at: "2026-11-02T00:00:00.000Z" }),
        review("unverified", {
          verified: 0,
          show_on_home: 0,
          created_at: "2026-11-19T00:00:00.000Z",
        }),
      ])
      .execute();

    const { testimonials } = await loadHomeContent(db);
    expect(testimonials.map((t) => t.id)).toEqual(["new", "old"]);
  });
});
