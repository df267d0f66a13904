import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { silentLogger } from "../../../tests/helpers/outbox";
import { getBackgroundImages } from "./background-images.service.server";
import { runMarketingAction } from "./marketing-action.server";
import type { MarketingResult } from "./marketing.schema";

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

type Answer = { data: MarketingResult; init: { status?: number } | null };

describe.each(testDialects)("the marketing screen's action on %s", (dialect) => {
  let database: TestDatabase;
  let dataDir: string;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    dataDir = mkdtempSync(path.join(os.tmpdir(), "marketing-action-"));
  });
  afterEach(async () => {
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const run = async (values: Record<string, string>) =>
    (await runMarketingAction(
      { db: database.db, config: { dataDir } as never, logger: silentLogger },
      form(values),
    )) as unknown as Answer;

  test("a link is added with the default title; another host gets the spec's message beside the field", async () => {
    const added = await run({
      intent: "add-image-url",
      url: "https://unsplash.com/photos/cHjAxnJk_wQ",
      title: "",
    });
    expect(added.data).toMatchObject({ ok: true });
    expect((await getBackgroundImages(database.db)).map((image) => image.title)).toEqual([
      "Background Image",
    ]);

    const refused = await run({
      intent: "add-image-url",
      url: "https://images.unsplash.com.evil.com/photo-1-a",
      title: "x",
    });
    expect(refused.init?.status).toBe(400);
    expect(refused.data.fieldErrors).toEqual({ url: "Please enter a valid Unsplash image URL" });
  });

  test("when the database fails, staff are told: the image's spec message, and a toast for a review", async () => {
    await database.db.destroy();
    const image = await run({
      intent: "add-image-url",
      url: "https://unsplash.com/photos/cHjAxnJk_wQ",
      title: "x",
    });
    expect(image.init?.status).toBe(500);
    expect(image.data).toMatchObject({
      ok: false,
      formError: "Failed to add image. Please try again.",
      toast: { tone: "failed", title: "Upload failed" },
    });

    const review = await run({ intent: "review-create", clientName: "Ann B.", comment: "Great" });
    expect(review.init?.status).toBe(500);
    expect(review.data.toast).toEqual({
      tone: "failed",
      title: "The review could not be saved. Please try again.",
    });
  });
});
