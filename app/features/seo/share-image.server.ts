import { existsSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { Kysely } from "kysely";
import sharp from "sharp";
import type { Database } from "~/server/database";
import { variantObjectKey } from "~/server/images.server";
import { readObject, storageFor, type StorageConfig } from "~/server/storage.server";
import { findFirstUploadedHero } from "./seo.repository.server";
import { SHARE_IMAGE, SHARE_TAGLINE } from "./share-image";
import { escapeXml } from "./sitemap";
import { woffToSfnt } from "./woff.server";

// The Open Graph share image (1200x630, what link previews show): the first hero photo when it
// is an upload, under the ink overlay, a hairline gold frame, the business name in the display
// face and the tagline in the body face. Both faces are the site's own Fontsource files, so the
// image looks the same on any server whatever fonts it has installed.

const INK = "#101828";
const GOLD = "#c9a96e";
const IVORY = "#faf7f2";

const FONTS = {
  display: {
    woff: "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-500-normal.woff",
    // fontconfig names a face by its own family name: Cormorant's medium calls itself this.
    family: "Cormorant Garamond Medium",
  },
  body: { woff: "@fontsource/inter/files/inter-latin-400-normal.woff", family: "Inter" },
} as const;

type ShareConfig = StorageConfig;

/** The share image as PNG bytes, for the business name given. */
export async function renderShareImage(
  db: Kysely<Database>,
  config: ShareConfig,
  businessName: string,
): Promise<Buffer> {
  const { width, height } = SHARE_IMAGE;
  const [background, name, tagline] = await Promise.all([
    backdrop(db, config),
    text(config, FONTS.display, escapeXml(businessName), 92),
    text(config, FONTS.body, escapeXml(SHARE_TAGLINE.toUpperCase()), 26, 4),
  ]);
  // Text wider than the frame is scaled down to fit it.
  const fit = async (image: Buffer, maxWidth: number) => {
    const meta = await sharp(image).metadata();
    return meta.width > maxWidth ? sharp(image).resize({ width: maxWidth }).toBuffer() : image;
  };
  const [nameFit, taglineFit] = await Promise.all([fit(name, 1000), fit(tagline, 1000)]);
  const [nameMeta, taglineMeta] = await Promise.all([
    sharp(nameFit).metadata(),
    sharp(taglineFit).metadata(),
  ]);
  const gap = 56;
  const top = Math.round((height - (nameMeta.height + gap + taglineMeta.height)) / 2);
  const frame = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect width="${width}" height="${height}" fill="${INK}" fill-opacity="0.55"/>` +
      `<rect x="32" y="32" width="${width - 64}" height="${height - 64}" fill="none" stroke="${GOLD}" stroke-width="2"/>` +
      `<rect x="${width / 2 - 36}" y="${top + nameMeta.height + gap / 2 - 1}" width="72" height="2" fill="${GOLD}"/>` +
      `</svg>`,
  );
  return sharp(background)
    .composite([
      { input: frame, top: 0, left: 0 },
      { input: nameFit, top, left: Math.round((width - nameMeta.width) / 2) },
      {
        input: taglineFit,
        top: top + nameMeta.height + gap,
        left: Math.round((width - taglineMeta.width) / 2),
      },
    ])
    .png({ compressionLevel: 9, palette: false })
    .toBuffer();
}

/** The first hero photo when it is an uploaded one (never fetched from elsewhere), else ink. */
async function backdrop(db: Kysely<Database>, config: ShareConfig) {
  const { width, height } = SHARE_IMAGE;
  const hero = await findFirstUploadedHero(db);
  if (hero) {
    const best = hero.widths.find((w) => w >= width) ?? hero.widths.at(-1);
    const photo = best
      ? await readObject(await storageFor(config), variantObjectKey(hero.image_key, best, "webp"))
      : null;
    if (photo) return sharp(photo).resize(width, height, { fit: "cover" }).toBuffer();
  }
  return sharp({ create: { width, height, channels: 3, background: INK } })
    .png()
    .toBuffer();
}

async function text(
  config: ShareConfig,
  font: (typeof FONTS)[keyof typeof FONTS],
  markup: string,
  size: number,
  letterSpacingPt = 0,
) {
  const spacing = letterSpacingPt ? ` letter_spacing="${letterSpacingPt * 1024}"` : "";
  const colour = font === FONTS.display ? IVORY : GOLD;
  return sharp({
    text: {
      text: `<span foreground="${colour}"${spacing}>${markup}</span>`,
      // A trailing comma ends the family list, so the whole name is the family.
      font: `${font.family}, ${size}`,
      fontfile: await fontFile(config, font.woff),
      rgba: true,
      dpi: 72,
    },
  })
    .png()
    .toBuffer();
}

const require = createRequire(import.meta.url);

/** The face as a TTF in the data folder (converted once from the installed WOFF). */
async function fontFile(config: ShareConfig, woff: string) {
  const target = path.join(config.dataDir, "fonts", path.basename(woff, ".woff") + ".ttf");
  if (!existsSync(target)) {
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.tmp`;
    await writeFile(temporary, woffToSfnt(await readFile(require.resolve(woff))));
    await rename(temporary, target);
  }
  return target;
}
