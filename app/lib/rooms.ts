/** The six rooms of the home page's cards (spec public-site 2), each with its own image. */
export type RoomKey =
  | "bedrooms-study"
  | "bathrooms"
  | "kitchen"
  | "living-areas"
  | "outdoor-spaces"
  | "specialty-areas";
