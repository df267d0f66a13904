// The demo photographs of the shared folder, with their credits as LICENSES.md there records
// them (licence, photographer, source photo). The files are never committed into the project:
// DEMO_PHOTOS_DIR points at them, and without it the seed links the same photos on Unsplash.

export type PhotoCredit = {
  alt: string;
  credit: string;
  /**
   * The same photo on images.unsplash.com, for a database seeded without DEMO_PHOTOS_DIR; null
   * where that address is not known (Unsplash's page and download links are not images the CSP
   * or an <img> can use), and then `standIn` names a photo whose address is.
   */
  unsplashUrl: string | null;
  standIn?: string;
  width: number;
  height: number;
};

const UNSPLASH = "Unsplash License";

function unsplash(pageId: string, photographer: string, imageUrl: string | null = null) {
  return {
    credit: `Photo by ${photographer} on Unsplash (unsplash.com/photos/${pageId}), ${UNSPLASH}`,
    unsplashUrl: imageUrl,
  };
}

const HOTEL_SUITE = "https://images.unsplash.com/photo-1590490360182-c33d57733427";

export const PHOTO_CREDITS: Record<string, PhotoCredit> = {
  "hero-01-penthouse-living-kitchen.jpg": {
    alt: "Penthouse living room with a marble kitchen island and a night city view",
    ...unsplash("cHjAxnJk_wQ", "Mostafa Safadel"),
    standIn: "hero-05-hotel-suite-lounge.jpg",
    width: 1920,
    height: 1080,
  },
  "hero-02-luxury-bedroom.jpg": {
    alt: "Luxury bedroom with a chandelier and sheer curtains",
    ...unsplash(
      "Xph_EJ-22vE",
      "Aalo Lens",
      "https://images.unsplash.com/photo-1758448755969-8791367cf5c5",
    ),
    width: 1920,
    height: 1080,
  },
  "hero-03-infinity-pool-terrace.jpg": {
    alt: "Infinity pool terrace overlooking the sea",
    ...unsplash("XtnNrQYC7ts", "@bigtinybelly"),
    standIn: "hero-02-luxury-bedroom.jpg",
    width: 1920,
    height: 1080,
  },
  "hero-04-suite-glass-ensuite.jpg": {
    alt: "Suite with a glass-walled ensuite bathroom",
    ...unsplash("jVOaY6Zf58c", "Anwar Hakim"),
    standIn: "room-bedroom-master-orange-art.jpg",
    width: 1920,
    height: 960,
  },
  "hero-05-hotel-suite-lounge.jpg": {
    alt: "Classic hotel suite with a tufted sofa and a made bed",
    credit: `Photo by Israel Andrade on Unsplash (${HOTEL_SUITE.slice(8)}), ${UNSPLASH}`,
    unsplashUrl: HOTEL_SUITE,
    width: 1600,
    height: 1200,
  },
  "hero-06-bright-living-room.jpg": {
    alt: "Bright modern living room",
    credit: "pxhere.com/en/photo/1367038, CC0 1.0 (public domain)",
    // A pxhere photo has no Unsplash twin: the link mode shows the hotel suite lounge instead.
    unsplashUrl: null,
    standIn: "hero-05-hotel-suite-lounge.jpg",
    width: 1600,
    height: 960,
  },
  "hero-07-dark-luxe-bedroom.jpg": {
    alt: "Dark, luxurious bedroom with soft lighting",
    ...unsplash("vz9IbCAXHKQ", "Ali Moradi"),
    standIn: "room-bedroom-tufted.jpg",
    width: 1920,
    height: 1426,
  },
  "room-bathroom-suite-freestanding-bath.jpg": {
    alt: "Bathroom suite with a freestanding bath",
    ...unsplash("Y7WfCuz5tn0", "@reisetopia"),
    standIn: "hero-05-hotel-suite-lounge.jpg",
    width: 1920,
    height: 1440,
  },
  "room-bedroom-hotel-style.jpg": {
    alt: "Hotel-style bedroom",
    credit: "pxhere.com/en/photo/607447, CC0 1.0 (public domain)",
    unsplashUrl: null,
    standIn: "hero-05-hotel-suite-lounge.jpg",
    width: 1600,
    height: 1067,
  },
  "room-bedroom-master-orange-art.jpg": {
    alt: "Master bedroom with warm artwork above the bed",
    ...unsplash(
      "R-w5Q-4Mqm0",
      "Chastity Cortijo",
      "https://images.unsplash.com/photo-1540518614846-7eded433c457",
    ),
    width: 1200,
    height: 812,
  },
  "room-bedroom-tufted-headboard-render.jpg": {
    alt: "Bedroom with a marble wall and a tufted headboard",
    ...unsplash("vLi7J-dxnVc", "Sheela Sahani"),
    standIn: "room-bedroom-tufted.jpg",
    width: 1904,
    height: 1323,
  },
  "room-bedroom-tufted.jpg": {
    alt: "Bedroom with a tufted headboard and an upholstered bench",
    ...unsplash(
      "wVdVCGiXSco",
      "Ty Carlson",
      "https://images.unsplash.com/photo-1505693416388-ac5ce068fe85",
    ),
    width: 1200,
    height: 800,
  },
  "room-outdoor-rooftop-terrace.jpg": {
    alt: "Rooftop terrace lounge at night",
    ...unsplash("en-u6xqnbsg", "Brands&People"),
    standIn: "hero-02-luxury-bedroom.jpg",
    width: 1920,
    height: 1277,
  },
  "room-specialty-spa-lounge.jpg": {
    alt: "Spa relaxation room",
    ...unsplash("znZXwcHdKwM", "Birk Enwald"),
    standIn: "room-bedroom-master-orange-art.jpg",
    width: 1920,
    height: 1280,
  },
};

/** docs/product/public-site.md#landing-hero-and-value-cards: seven slides, Luxury Interior 1 to 7 */
export const HERO_SLIDES = [
  "hero-01-penthouse-living-kitchen.jpg",
  "hero-02-luxury-bedroom.jpg",
  "hero-03-infinity-pool-terrace.jpg",
  "hero-04-suite-glass-ensuite.jpg",
  "hero-05-hotel-suite-lounge.jpg",
  "hero-06-bright-living-room.jpg",
  "hero-07-dark-luxe-bedroom.jpg",
];

/** docs/product/public-site.md#home-page: the six room cards */
export const ROOM_PHOTOS = {
  "bedrooms-study": "room-bedroom-tufted.jpg",
  bathrooms: "room-bathroom-suite-freestanding-bath.jpg",
  kitchen: "hero-01-penthouse-living-kitchen.jpg",
  "living-areas": "hero-06-bright-living-room.jpg",
  "outdoor-spaces": "room-outdoor-rooftop-terrace.jpg",
  "specialty-areas": "room-specialty-spa-lounge.jpg",
} as const;

/**
 * What a database seeded without DEMO_PHOTOS_DIR shows for `file`: the photo itself from
 * images.unsplash.com, or its stand-in, with the stand-in's own description and credit so the
 * alt text always matches the picture.
 */
export function linkedPhoto(file: string): PhotoCredit & { unsplashUrl: string } {
  const photo = PHOTO_CREDITS[file];
  if (!photo) throw new Error(`No credit recorded for demo photo ${file}`);
  if (photo.unsplashUrl) return { ...photo, unsplashUrl: photo.unsplashUrl };
  const standIn = photo.standIn ? PHOTO_CREDITS[photo.standIn] : undefined;
  if (!standIn?.unsplashUrl) throw new Error(`Demo photo ${file} has no linkable stand-in`);
  return { ...standIn, unsplashUrl: standIn.unsplashUrl };
}
