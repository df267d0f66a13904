import type { Kysely } from "kysely";
import { imageSet, type ImageSource } from "~/lib/images";
import type { Database } from "~/server/database";
import { findHomeRows } from "./home-content.repository.server";
import type { HomeContent, PicturedImage } from "~/components/site/home/home-content";

// docs/product/public-site.md#home-page: five testimonials at most (docs/decisions/0023-honest-reviews.md: verified, chosen by staff).
const TESTIMONIAL_LIMIT = 5;

type PlacedRow = {
  source: "upload" | "unsplash";
  image_key: string | null;
  url: string | null;
  width: number;
  height: number;
  alt: string;
  /** The variant widths of the joined images row; null when missing or unreadable */
  widths: number[] | null;
};

/** The home page's data: hero slides, room photos and the featured reviews. Three small indexed reads. */
export async function loadHomeContent(db: Kysely<Database>): Promise<HomeContent> {
  const { slides, rooms, reviews } = await findHomeRows(db, TESTIMONIAL_LIMIT);

  const picture = (row: PlacedRow): PicturedImage | null => {
    const source = toSource(row);
    return source ? { ...imageSet(source), alt: row.alt } : null;
  };

  return {
    slides: slides.map((s) => ({ id: s.id, title: s.title, image: picture(s) })),
    rooms: Object.fromEntries(
      rooms.flatMap((r) => {
        const image = picture(r);
        return image ? [[r.room, image]] : [];
      }),
    ),
    testimonials: reviews.map((r) => ({
      id: r.id,
      name: r.client_name,
      rating: r.rating,
      comment: r.comment,
      service: r.service_label,
      location: r.location,
    })),
  };
}

function toSource(row: PlacedRow): ImageSource | null {
  if (row.source === "upload" && row.image_key) {
    if (!row.widths) return null;
    const widths = row.widths;
    return { kind: "upload", key: row.image_key, width: row.width, height: row.height, widths };
  }
  // Only images.unsplash.com resizes by URL (?w=&fm=) and only it is allowed by the CSP's
  // img-src; any other link (a /download redirect) would be blocked, so the slide shows its
  // dark backdrop instead.
  if (row.source === "unsplash" && row.url && URL.canParse(row.url)) {
    if (new URL(row.url).hostname !== "images.unsplash.com") return null;
    return { kind: "unsplash", url: row.url, width: row.width, height: row.height };
  }
  return null;
}
