import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import { newId } from "~/lib/ids";
import type { AppConfig } from "~/server/config.server";
import type { Database, NewBackgroundImage, NewRoomImage, RoomKey } from "~/server/database";
import { importImage, type ImportedImage } from "~/server/images.server";
import type { Logger } from "~/server/logger.server";
import { HERO_SLIDES, linkedPhoto, PHOTO_CREDITS, ROOM_PHOTOS } from "./photo-credits";

export type MarketingRows = {
  slides: NewBackgroundImage[];
  rooms: NewRoomImage[];
  imported: number;
};

type Placed = Pick<
  NewBackgroundImage,
  "source" | "image_key" | "url" | "width" | "height" | "alt" | "credit"
>;

/**
 * The hero slides and room cards. With DEMO_PHOTOS_DIR, every photo of that folder goes through
 * the image store first (outside the seed's transaction: encoding takes seconds and must not
 * hold the database); without it, the rows link the same photos on Unsplash.
 */
export async function buildMarketing(
  db: Kysely<Database>,
  config: Pick<AppConfig, "dataDir" | "DEMO_PHOTOS_DIR">,
  logger: Logger,
  now: Date,
): Promise<MarketingRows> {
  const stored = new Map<string, ImportedImage>();
  if (config.DEMO_PHOTOS_DIR) {
    const dir = path.resolve(config.DEMO_PHOTOS_DIR);
    const files = (await readdir(dir)).filter((f) => /\.(jpe?g|png|webp|avif)$/i.test(f)).sort();
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
    const missing = [...HERO_SLIDES, ...Object.values(ROOM_PHOTOS)].filter((f) => !stored.has(f));
    if (missing.length > 0) {
      logger.warn(
        { missing },
        "demo photos not found in DEMO_PHOTOS_DIR; linking Unsplash instead",
      );
    }
  }

  const place = (file: string): Placed => {
    const image = stored.get(file);
    if (image) {
      const credit = PHOTO_CREDITS[file]!;
      return {
        source: "upload",
        image_key: image.key,
        url: null,
        width: image.width,
        height: image.height,
        alt: credit.alt,
        credit: credit.credit,
      };
    }
    const linked = linkedPhoto(file);
    return {
      source: "unsplash",
      image_key: null,
      url: linked.unsplashUrl,
      width: linked.width,
      height: linked.height,
      alt: linked.alt,
      credit: linked.credit,
    };
  };
  const at = now.toISOString();
  const slides = HERO_SLIDES.map((file, index) => ({
    id: newId(),
    title: `Luxury Interior ${index + 1}`,
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
