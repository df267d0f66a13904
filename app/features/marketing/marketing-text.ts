// What the Marketing screen says (docs/product/back-office.md#marketing and
// #messages, word for word where the spec gives a text). Client-safe.

export const IMAGE_PROGRESS = {
  validating: "Validating image...",
  adding: "Adding to database...",
  added: "Image added successfully!",
  failedTitle: "Upload failed",
  failed: "Failed to add image. Please try again.",
} as const;

/** docs/product/back-office.md#business-constants-and-limits: 30%, then 60%, then 100%; idle after 3 seconds. */
export const IMAGE_PROGRESS_PERCENT = { validating: 30, adding: 60, added: 100 } as const;
export const IMAGE_PROGRESS_RESET_MS = 3000;

export const DEFAULT_IMAGE_TITLE = "Background Image";

export const MARKETING_TEXT = {
  imageMoved: "Image order saved.",
  imageDeleted: "Image deleted.",
  imageNotFound: "That image no longer exists. Reload the page.",
  roomSaved: (room: string) => `${room} image changed.`,
  reviewAdded: "Review added.",
  reviewSaved: "Review saved.",
  reviewDeleted: "Review deleted.",
  clientsOwnReview:
    "This is a client's own review: it can be shown, hidden or deleted, but not edited.",
  reviewOnHome: "Review shown on the home page.",
  reviewOffHome: "Review removed from the home page.",
  reviewNotFound: "That review no longer exists. Reload the page.",
  reviewFailed: "The review could not be saved. Please try again.",
  actionFailed: "That change could not be saved. Please try again.",
  unknown: "Unknown request.",
} as const;
