/** The six rooms of the home page's cards (docs/product/public-site.md#screens), each with its own image. */
export type RoomKey =
  | "bedrooms-study"
  | "bathrooms"
  | "kitchen"
  | "living-areas"
  | "outdoor-spaces"
  | "specialty-areas";
