// Every image the site shows is a record: an uploaded file turned into responsive variants
// (served from /media/{key}/{width}.{avif|webp}), or an Unsplash link chosen by staff.

/** The widths variants are made at; an image narrower than one of them stops at its own width. */
export const VARIANT_WIDTHS = [480, 768, 1280, 1920] as const;

export type ImageSource =
  | { kind: "upload"; key: string; width: number; height: number; widths: number[] }
  | { kind: "unsplash"; url: string; width: number; height: number }
  /** One file at one size from our own origin (an applicant's photo): no variants */
  | { kind: "file"; url: string; width: number; height: number };

export type ImageSet = {
  avif: string;
  webp: string;
  /** The src for browsers that read neither srcset */
  fallback: string;
  width: number;
  height: number;
};

export function mediaUrl(key: string, width: number, format: "avif" | "webp") {
  return `/media/${key}/${width}.${format}`;
}

function unsplashUrl(
  source: { url: string; width: number; height: number },
  width: number,
  format: "avif" | "webp",
) {
  const u = new URL(source.url);
  u.searchParams.set("w", String(width));
  // A link stored with a fixed crop (app/features/marketing/unsplash-url.ts) keeps its aspect.
  if (u.searchParams.has("h")) {
    u.searchParams.set("h", String(Math.round((width * source.height) / source.width)));
  }
  u.searchParams.set("fm", format);
  u.searchParams.set("q", "70");
  u.searchParams.set("fit", "crop");
  u.searchParams.set("auto", "format");
  return u.toString();
}

/** Widths to offer for an image: the standard ones up to its own width. */
export function widthsFor(originalWidth: number) {
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w <= originalWidth);
  if (widths.length === 0) widths.push(originalWidth);
  return widths;
}

export function imageSet(source: ImageSource): ImageSet {
  if (source.kind === "file") {
    // No variants: empty srcsets, which <picture> leaves out, and the file itself as the src.
    return { avif: "", webp: "", fallback: source.url, width: source.width, height: source.height };
  }
  const widths = source.kind === "upload" ? source.widths : widthsFor(source.width);
  const at = (w: number, f: "avif" | "webp") =>
    source.kind === "upload" ? mediaUrl(source.key, w, f) : unsplashUrl(source, w, f);
  const srcset = (f: "avif" | "webp") => widths.map((w) => `${at(w, f)} ${w}w`).join(", ");
  const middle = widths[Math.min(1, widths.length - 1)]!;
  return {
    avif: srcset("avif"),
    webp: srcset("webp"),
    fallback: at(middle, "webp"),
    width: source.width,
    height: source.height,
  };
}
