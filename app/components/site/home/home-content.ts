import type { ImageSet } from "~/lib/images";

// What the home page's loader hands its sections: plain data, already turned into image sets,
// so the browser bundle carries no database types and no URL building.

export type PicturedImage = ImageSet & { alt: string };

export type HeroSlide = { id: string; title: string; image: PicturedImage | null };

export type Testimonial = {
  id: string;
  /** First name and initial, as stored ("Olivia M.") */
  name: string;
  rating: number;
  comment: string;
  service: string | null;
  location: string | null;
};

export type HomeContent = {
  slides: HeroSlide[];
  /** Keyed by room (RoomKey); a room without a photo is absent */
  rooms: Record<string, PicturedImage>;
  testimonials: Testimonial[];
};

/** A cleaner on the home page's "Meet the team": public fields, linking to the profile. */
export type TeamMember = {
  id: string;
  displayName: string;
  initials: string;
  photo: PicturedImage | null;
  suburb: string | null;
  services: string[];
};
