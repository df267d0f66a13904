import type { Kysely } from "kysely";
import { ROOM_CARDS } from "~/components/site/home/room-cards";
import { reencodeSitePhoto } from "~/features/uploads/uploads.service.server";
import { newId } from "~/lib/ids";
import { imageSet, type ImageSet, type ImageSource } from "~/lib/images";
import { fieldFailure, type Failure, type Result } from "~/lib/result";
import type { RoomKey } from "~/lib/rooms";
import type { AppConfig } from "~/server/config.server";
import { bumpContentVersion } from "~/server/content-version.repository.server";
import type { Database, ImageSourceKind } from "~/server/database";
import { importImage } from "~/server/images.server";
import {
  deleteBackgroundImage,
  findBackgroundImage,
  findHighestImageOrder,
  findNeighbourImage,
  insertBackgroundImage,
  listBackgroundImages,
  listRoomImages,
  updateImageOrder,
  upsertRoomImage,
} from "./marketing.repository.server";
import { toUnsplashImage, UNSPLASH_URL_MESSAGE, type UnsplashCrop } from "./unsplash-url";

// docs/product/back-office.md#marketing: the home page's hero slides and its room
// cards' photos. Every write bumps the content version in its own transaction, so the home page
// shows it on the next request (app/server/content-version.repository.server.ts).

type StorageConfig = Pick<AppConfig, "dataDir">;

export type ImagePreview = ImageSet & { alt: string };

export type BackgroundImageView = {
  id: string;
  title: string;
  order: number;
  source: ImageSourceKind;
  preview: ImagePreview | null;
};

export type RoomImageView = {
  room: RoomKey;
  title: string;
  source: ImageSourceKind | null;
  preview: ImagePreview | null;
};

type Placed = {
  source: ImageSourceKind;
  image_key: string | null;
  url: string | null;
  width: number;
  height: number;
  alt: string;
  widths: number[] | null;
};

function previewOf(row: Placed): ImagePreview | null {
  let source: ImageSource | null = null;
  if (row.source === "upload" && row.image_key && row.widths) {
    source = {
      kind: "upload",
      key: row.image_key,
      width: row.width,
      height: row.height,
      widths: row.widths,
    };
  } else if (row.source === "unsplash" && row.url) {
    source = { kind: "unsplash", url: row.url, width: row.width, height: row.height };
  }
  return source ? { ...imageSet(source), alt: row.alt } : null;
}

export async function getBackgroundImages(db: Kysely<Database>): Promise<BackgroundImageView[]> {
  const rows = await listBackgroundImages(db);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    order: row.sort_order,
    source: row.source,
    preview: previewOf(row),
  }));
}

export async function getRoomImages(db: Kysely<Database>): Promise<RoomImageView[]> {
  const rows = new Map((await listRoomImages(db)).map((row) => [row.room, row]));
  return ROOM_CARDS.map((card) => {
    const row = rows.get(card.id);
    return {
      room: card.id,
      title: card.title,
      source: row?.source ?? null,
      preview: row ? previewOf(row) : null,
    };
  });
}

type NewImage = Omit<Placed, "widths">;

function linkedImage(url: string, crop: UnsplashCrop, alt: string): NewImage | null {
  const image = toUnsplashImage(url, crop);
  if (!image) return null;
  return {
    source: "unsplash",
    image_key: null,
    url: image.url,
    width: image.width,
    height: image.height,
    alt,
  };
}

/** docs/product/back-office.md#calls: "select highest order, then insert"; the new slide goes last (highest + 1). */
async function addSlide(db: Kysely<Database>, image: NewImage, title: string, now: Date) {
  const at = now.toISOString();
  const id = newId();
  await db.transaction().execute(async (trx) => {
    const order = (await findHighestImageOrder(trx)) + 1;
    await insertBackgroundImage(trx, {
      id,
      title,
      sort_order: order,
      ...image,
      credit: null,
      created_at: at,
      updated_at: at,
    });
    await bumpContentVersion(trx, now);
  });
  return id;
}

/** A refusal names its field: `url` for a link that is not Unsplash's, `photo` for the file. */
export type AddImageResult = Result<{ id: string }, "url" | "photo">;

const notUnsplash = () => fieldFailure("invalid", "url", UNSPLASH_URL_MESSAGE);

/** Adds a hero slide from an Unsplash photo or page link (checked by pattern, never fetched). */
export async function addBackgroundImageByUrl(
  db: Kysely<Database>,
  input: { url: string; title: string },
  now = new Date(),
): Promise<AddImageResult> {
  const image = linkedImage(input.url, "background", input.title);
  if (!image) return notUnsplash();
  return { ok: true, id: await addSlide(db, image, input.title, now) };
}

/** Stores a photo as responsive variants (outside any transaction: encoding takes seconds). */
async function storePhoto(
  db: Kysely<Database>,
  config: StorageConfig,
  file: { bytes: Buffer; name: string } | null,
  alt: string,
): Promise<NewImage | Failure<"photo">> {
  const checked = await reencodeSitePhoto(file);
  if (!checked.ok) return fieldFailure(checked.kind, "photo", checked.message);
  const stored = await importImage(db, config, checked.data, {
    originalName: file!.name.slice(0, 200),
  });
  return {
    source: "upload",
    image_key: stored.key,
    url: null,
    width: stored.width,
    height: stored.height,
    alt,
  };
}

/** Adds a hero slide from a photo file: checked, re-encoded, stored in the data folder. */
export async function addBackgroundImageFromFile(
  db: Kysely<Database>,
  config: StorageConfig,
  input: { title: string; file: { bytes: Buffer; name: string } | null },
  now = new Date(),
): Promise<AddImageResult> {
  const image = await storePhoto(db, config, input.file, input.title);
  if ("ok" in image) return image;
  return { ok: true, id: await addSlide(db, image, input.title, now) };
}

/** Swaps a slide with its neighbour; "edge" when it is already first (up) or last (down). */
export async function moveBackgroundImage(
  db: Kysely<Database>,
  id: string,
  direction: "up" | "down",
  now = new Date(),
): Promise<"moved" | "edge" | "not-found"> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const image = await findBackgroundImage(trx, id);
    if (!image) return "not-found";
    const neighbour = await findNeighbourImage(trx, image, direction);
    if (!neighbour) return "edge";
    // Equal orders (rows made by hand) are split, so the swap always changes the order.
    const [mine, theirs] =
      neighbour.sort_order === image.sort_order
        ? direction === "up"
          ? [image.sort_order, image.sort_order + 1]
          : [image.sort_order + 1, image.sort_order]
        : [neighbour.sort_order, image.sort_order];
    await updateImageOrder(trx, image.id, mine, at);
    await updateImageOrder(trx, neighbour.id, theirs, at);
    await bumpContentVersion(trx, now);
    return "moved";
  });
}

/** Removes a slide; false when it was already gone. The stored photo stays (it may be reused). */
export async function deleteBackgroundImageById(
  db: Kysely<Database>,
  id: string,
  now = new Date(),
) {
  return db.transaction().execute(async (trx) => {
    const deleted = await deleteBackgroundImage(trx, id);
    if (deleted) await bumpContentVersion(trx, now);
    return deleted;
  });
}

function roomTitle(room: RoomKey) {
  return ROOM_CARDS.find((card) => card.id === room)?.title ?? room;
}

async function placeRoom(db: Kysely<Database>, room: RoomKey, image: NewImage, now: Date) {
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await upsertRoomImage(trx, {
      id: newId(),
      room,
      ...image,
      credit: null,
      created_at: at,
      updated_at: at,
    });
    await bumpContentVersion(trx, now);
  });
}

/** Changes a room card's photo to an Unsplash link (the card's fixed 3:2 crop). */
export async function setRoomImageByUrl(
  db: Kysely<Database>,
  input: { room: RoomKey; url: string },
  now = new Date(),
): Promise<AddImageResult> {
  const image = linkedImage(input.url, "room", roomTitle(input.room));
  if (!image) return notUnsplash();
  await placeRoom(db, input.room, image, now);
  return { ok: true, id: input.room };
}

/** Changes a room card's photo to an uploaded file. */
export async function setRoomImageFromFile(
  db: Kysely<Database>,
  config: StorageConfig,
  input: { room: RoomKey; file: { bytes: Buffer; name: string } | null },
  now = new Date(),
): Promise<AddImageResult> {
  const image = await storePhoto(db, config, input.file, roomTitle(input.room));
  if ("ok" in image) return image;
  await placeRoom(db, input.room, image, now);
  return { ok: true, id: input.room };
}
