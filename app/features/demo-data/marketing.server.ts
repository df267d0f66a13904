import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import { newId } from "~/lib/ids";
import type { AppConfig } from "~/server/config.server";
import type { Database, NewBackgroundImage, NewRoomImage, RoomKey } from "~/server/database";
import { importImage, type ImportedImage } from "~/server/images.server";
import { HERO_SLIDE_TITLES, HERO_SLIDES, PHOTO_CREDITS, ROOM_PHOTOS } from "./photo-credits";

export type MarketingRows = {
  slides: NewBackgroundImage[];
  rooms: NewRoomImage[];
  imported: number;
};

/**
 * The hero slides and room cards, from the demo photos (the committed assets/demo-photos, or
 * DEMO_PHOTOS_DIR). Every photo of the folder goes through the image store first, outside the
 * seed's transaction: encoding takes seconds and must not hold the database. A folder that
 * lacks a photo the slides or cards need stops the seed, naming the folder and the files.
 */
export async function buildMarketing(
  db: Kysely<Database>,
  config: Pick<AppConfig, "dataDir" | "demoPhotosDir">,
  now: Date,
): Promise<MarketingRows> {
  const dir = config.demoPhotosDir;
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => /\.(jpe?g|png|webp|avif)$/i.test(f)).sort();
  } catch (error) {
    throw new Error(
      `The demo photos cannot be read (${dir}; DEMO_PHOTOS_DIR may name another folder): ${(error as Error).message}`,
    );
  }
  const missing = [...HERO_SLIDES, ...Object.values(ROOM_PHOTOS)].filter((f) => !files.includes(f));
  if (missing.length > 0) {
    throw new Error(`The demo photos folder ${dir} lacks ${[...new Set(missing)].join(", ")}`);
  }

  const stored = new Map<string, ImportedImage>();
  // Two photos at a time keep both cores busy while one waits on its largest AVIF.
  const queue = [...files];
  const importNext = async (): Promise<void> => {
    const file = queue.shift();
    if (!file) return;
    const image = await importImage(db, config, await readFile(path.join(dir, file)), {
      originalName: file,
      credit: PHOTO_CREDITS[file]?.credit ?? null,
    });
    stored.set(file, image);
    return importNext();
  };
  await Promise.all([importNext(), importNext()]);

  const place = (file: string) => {
    const image = stored.get(file)!;
    const credit = PHOTO_CREDITS[file]!;
    return {
      source: "upload" as const,
      image_key: image.key,
      url: null,
      width: image.width,
      height: image.height,
      alt: credit.alt,
      credit: credit.credit,
    };
  };
  const at = now.toISOString();
  const slides = HERO_SLIDES.map((file, index) => ({
    id: newId(),
    title: HERO_SLIDE_TITLES[file] ?? `Interior ${index + 1}`,
    sort_order: index + 1,
    ...place(file),
    created_at: at,
    updated_at: at,
  }));
  const rooms = (Object.entries(ROOM_PHOTOS) as [RoomKey, string][]).map(([room, file]) => ({
    id: newId(),
    room,
    ...place(file),
    created_at: at,
    updated_at: at,
  }));
  return { slides, rooms, imported: stored.size };
}
