import { mkdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

// The cleaner app's home-screen icons (docs/decisions/0063-cleaner-app-sign-in.md), drawn from
// the site's mark (the inline favicon in app/root.tsx: an ink tile, a gold hairline frame and a
// gold serif H; docs/brand.md#colour). The H is drawn as shapes rather than set in a font, so
// the icons come out the same on any machine. Run with `npx tsx scripts/make-app-icons.ts`; the
// PNGs are committed under public/icons/.

const INK = "#101828";
const GOLD = "#c9a96e";

/** A serif H on a 64-unit grid: two stems with serifs, and the bar. */
const SERIF_H = [
  "M20 18h10v2.5h-2.6v10h9.2v-10h-2.6V18h10v2.5h-2.6v23h2.6V46H33.4v-2.5h2.6V33.3h-9.2v10.2h2.6V46H20v-2.5h2.6v-23H20z",
].join("");

/** The mark as the favicon draws it: rounded tile, frame and H. */
function markSvg() {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="12" fill="${INK}"/>
  <rect x="6" y="6" width="52" height="52" rx="8" fill="none" stroke="${GOLD}" stroke-width="1.5"/>
  <path d="${SERIF_H}" fill="${GOLD}"/>
</svg>`;
}

/**
 * A maskable icon: the launcher may cut any shape from the middle 80 %, so the tile fills the
 * square and the frame and H sit well inside the safe circle.
 */
function maskableSvg() {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" fill="${INK}"/>
  <g transform="translate(12.8 12.8) scale(0.6)">
    <rect x="6" y="6" width="52" height="52" rx="8" fill="none" stroke="${GOLD}" stroke-width="2"/>
    <path d="${SERIF_H}" fill="${GOLD}"/>
  </g>
</svg>`;
}

async function render(svg: string, size: number, file: string) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(file);
}

const out = path.resolve(import.meta.dirname, "../public/icons");
await mkdir(out, { recursive: true });
for (const size of [192, 512]) {
  await render(markSvg(), size, path.join(out, `cleaner-app-${size}.png`));
  await render(maskableSvg(), size, path.join(out, `cleaner-app-maskable-${size}.png`));
}
