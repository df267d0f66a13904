import { z } from "zod";
import type { ToastMessage } from "~/components/kit/toast";
import { ROOM_CARDS } from "~/components/site/home/room-cards";
import { isSingleLine } from "~/lib/field-rules";
import type { RoomKey } from "~/lib/rooms";
import { DEFAULT_IMAGE_TITLE } from "./marketing-text";
import { toUnsplashImage, UNSPLASH_URL_MESSAGE, type UnsplashCrop } from "./unsplash-url";

// The Marketing screen's forms, shared by the browser (Conform) and the server. Client-safe.

export const ROOM_KEYS = ROOM_CARDS.map((card) => card.id) as [RoomKey, ...RoomKey[]];

const unsplashUrl = (crop: UnsplashCrop) =>
  z
    .string()
    .trim()
    .min(1, UNSPLASH_URL_MESSAGE)
    .refine((url) => toUnsplashImage(url, crop) !== null, UNSPLASH_URL_MESSAGE);

const title = z
  .string()
  .trim()
  .max(100, "Keep the title under 100 characters")
  .refine(isSingleLine, "Use plain text on one line for the title")
  .transform((text) => text || DEFAULT_IMAGE_TITLE);

/** Add a hero slide by Unsplash link (docs/product/back-office.md#validation-rules). */
export const AddImageUrlSchema = z.object({
  url: unsplashUrl("background"),
  title: title.optional().transform((text) => text || DEFAULT_IMAGE_TITLE),
});

/** Add a hero slide from a photo file (checked and re-encoded on the server). */
export const AddImageFileSchema = z.object({
  title: title.optional().transform((text) => text || DEFAULT_IMAGE_TITLE),
});

export const ImageIdSchema = z.object({ id: z.string().min(1).max(64) });

export const MoveImageSchema = z.object({
  id: z.string().min(1).max(64),
  direction: z.enum(["up", "down"]),
});

export const RoomImageUrlSchema = z.object({
  room: z.enum(ROOM_KEYS),
  url: unsplashUrl("room"),
});

export const RoomImageFileSchema = z.object({ room: z.enum(ROOM_KEYS) });

const optionalLine = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `Keep the ${label} under ${max} characters`)
    .refine(isSingleLine, `Use plain text on one line for the ${label}`)
    .optional()
    .transform((text) => text || null);

/**
 * docs/product/back-office.md#entities-and-fields: rating 1 to 5 (default 5). A review staff
 * type in is never verified (docs/decisions/0023-honest-reviews.md): only one a client sent
 * through the review link of a completed job is.
 */
export const ReviewFormSchema = z.object({
  clientName: z
    .string()
    .trim()
    .min(1, "Enter the client's name")
    .max(100, "Keep the name under 100 characters")
    .refine(isSingleLine, "Use plain text on one line for the name"),
  location: optionalLine("location", 100),
  rating: z
    .string()
    .optional()
    .transform((value) => (value ? Number(value) : 5))
    .pipe(
      z.number().int("Choose a rating from 1 to 5").min(1).max(5, "Choose a rating from 1 to 5"),
    ),
  comment: z
    .string()
    .trim()
    .min(1, "Enter the review")
    .max(2000, "Keep the review under 2,000 characters"),
  serviceLabel: optionalLine("service", 60),
  cleanerId: z
    .string()
    .max(64)
    .optional()
    .transform((value) => value || null),
  photoUrl: z
    .string()
    .trim()
    .optional()
    .refine((url) => !url || toUnsplashImage(url, "room") !== null, UNSPLASH_URL_MESSAGE)
    .transform((url) => (url ? toUnsplashImage(url, "room")!.url : null)),
});
export type ReviewInput = z.output<typeof ReviewFormSchema>;

export const ReviewIdSchema = z.object({ reviewId: z.string().min(1).max(64) });

export const ReviewFlagSchema = z.object({
  reviewId: z.string().min(1).max(64),
  value: z.enum(["on", "off"]),
});

/** The screen's tabs, in the spec's order; the chosen one is ?tab= in the URL. */
export const MARKETING_TABS = [
  { value: "background-images", label: "Background Images" },
  { value: "customer-reviews", label: "Customer Reviews" },
  { value: "testimonials", label: "Testimonials" },
  { value: "social-media", label: "Social Media" },
] as const;
export type MarketingTab = (typeof MARKETING_TABS)[number]["value"];

export function readMarketingTab(value: string | null): MarketingTab {
  return MARKETING_TABS.find((tab) => tab.value === value)?.value ?? "background-images";
}

/** What every form of the screen gets back from the action. */
export type MarketingResult = {
  intent: string;
  ok: boolean;
  /** The row the answer is about (an image, a room, a review) */
  subject?: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
  formError?: string;
  toast?: ToastMessage;
};
