import type { Generated, Insertable, Selectable } from "kysely";
import type { RoomKey } from "~/lib/rooms";

// What the public site shows and collects: images, reviews and review links, contact messages
// and the suburbs list (migrations 2026_11_22_0910 and 2026_11_25_1410).

export interface ImagesTable {
  /** Hash of the file's content: the same photo uploaded twice is one image */
  key: string;
  width: number;
  height: number;
  /** JSON list of the variant widths written to media/{key}/ */
  widths: string;
  bytes: number;
  original_name: string;
  credit: string | null;
  created_at: string;
}

/** A client's personal review link (migration 2026_11_25_1410); works once. */
export interface ReviewRequestsTable {
  id: string;
  quote_id: string;
  /** SHA-256 of the token in the link */
  token_hash: string;
  created_at: string;
  used_at: string | null;
  review_id: string | null;
}

export type NewReviewRequest = Insertable<ReviewRequestsTable>;

export interface ReviewsTable {
  id: string;
  client_name: string;
  location: string | null;
  /** 1 to 5 */
  rating: number;
  comment: string;
  photo_url: string | null;
  /** Defaults to 0 */
  verified: Generated<number>;
  /**
   * docs/decisions/0023-honest-reviews.md: staff choose which verified reviews the home page
   * shows; defaults to 0
   */
  show_on_home: Generated<number>;
  service_label: string | null;
  cleaner_id: string | null;
  quote_id: string | null;
  created_at: string;
  updated_at: string;
}

export type NewReview = Insertable<ReviewsTable>;

export type ImageSourceKind = "upload" | "unsplash";

/** Either image_key (source upload) or url (source unsplash) is set, never both */
interface PlacedImageColumns {
  source: ImageSourceKind;
  image_key: string | null;
  url: string | null;
  width: number;
  height: number;
  alt: string;
  credit: string | null;
  created_at: string;
  updated_at: string;
}

export interface BackgroundImagesTable extends PlacedImageColumns {
  id: string;
  /** Defaults to "Background Image" */
  title: Generated<string>;
  sort_order: number;
}

export type NewBackgroundImage = Insertable<BackgroundImagesTable>;

// Defined in lib/ so the home page's room cards can name it without importing server code.
export type { RoomKey };

export interface RoomImagesTable extends PlacedImageColumns {
  id: string;
  room: RoomKey;
}

export type NewRoomImage = Insertable<RoomImagesTable>;

export interface ContactMessagesTable {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  message: string;
  created_at: string;
  /** When staff marked it handled in the back office's inbox; null while it is open */
  handled_at: string | null;
}

export type NewContactMessage = Insertable<ContactMessagesTable>;

export interface SuburbsTable {
  id: string;
  name: string;
  postcode: string;
  state: string;
  lat: number | null;
  lng: number | null;
  in_greater_sydney: number;
}

export type SuburbRow = Selectable<SuburbsTable>;
export type NewSuburb = Insertable<SuburbsTable>;
