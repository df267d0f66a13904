// docs/product/back-office.md#validation-rules: a marketing image given by URL must be an Unsplash
// photo link (https://images.unsplash.com/photo-…) or an Unsplash page link
// (https://unsplash.com/photos/{id}, also slugged: …/photos/some-words-{id}). Judged by pattern
// only; nothing is fetched. Client-safe: the form checks the same rule before posting.

/**
 * Where an image goes decides its fixed crop: hero slides fill the screen (16:9), room cards are
 * 3:2 (app/components/site/home/five-star-rooms.tsx). Every stored link asks Unsplash's image
 * host (imgix) for exactly this box with `fit=crop&crop=entropy` (the busiest part of the photo
 * is kept), so its width and height are known without fetching it; the page's srcset scales both
 * (app/lib/images.ts).
 */
export const UNSPLASH_CROPS = {
  background: { width: 1920, height: 1080 },
  room: { width: 1200, height: 800 },
} as const;

export type UnsplashCrop = keyof typeof UNSPLASH_CROPS;

export type UnsplashImage = { url: string; width: number; height: number };

const IMAGE_HOST = "images.unsplash.com";
const PAGE_HOSTS = new Set(["unsplash.com", "www.unsplash.com"]);
/** An image path: photo-{digits}-{hex}, as images.unsplash.com names photos. */
const PHOTO_PATH = /^\/photo-[0-9]+-[0-9a-f]+$/;
/** A page id is 11 URL-safe characters; a slugged page puts lowercase words before it. */
const PAGE_SEGMENT = /^(?:[a-z0-9]+(?:-[a-z0-9]+)*-)?([A-Za-z0-9_-]{11})$/;

export const UNSPLASH_URL_MESSAGE = "Please enter a valid Unsplash image URL";

/**
 * The image link to store for `input`, or null when it is not an Unsplash photo or page link.
 * A photo link keeps its path; a page link becomes images.unsplash.com/photo-{id} (the spec's
 * conversion). Either way the query is replaced by the fixed crop of `crop`.
 */
export function toUnsplashImage(input: string, crop: UnsplashCrop): UnsplashImage | null {
  const text = input.trim();
  if (text.length > 500 || !URL.canParse(text)) return null;
  const url = new URL(text);
  // Exact host and scheme: images.unsplash.com.evil.com, http:, user@host and ports are refused.
  if (url.protocol !== "https:" || url.port !== "" || url.username !== "" || url.password !== "") {
    return null;
  }
  let path: string | null = null;
  if (url.hostname === IMAGE_HOST && PHOTO_PATH.test(url.pathname)) {
    path = url.pathname;
  } else if (PAGE_HOSTS.has(url.hostname)) {
    const segments = url.pathname.replace(/\/$/, "").split("/");
    const match =
      segments.length === 3 && segments[1] === "photos" ? PAGE_SEGMENT.exec(segments[2]!) : null;
    if (match) path = `/photo-${match[1]}`;
  }
  if (!path) return null;
  const { width, height } = UNSPLASH_CROPS[crop];
  const params = new URLSearchParams({
    w: String(width),
    h: String(height),
    fit: "crop",
    crop: "entropy",
    q: "80",
  });
  return { url: `https://${IMAGE_HOST}${path}?${params.toString()}`, width, height };
}
