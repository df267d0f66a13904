// The credits of the demo photos committed in assets/demo-photos, as LICENSES.md there records
// them (licence, photographer, source photo). The seed stores each credit with its image, and the
// home page shows it with the slide or card.

export type PhotoCredit = { alt: string; credit: string };

// Titles and alt texts say what each photo shows (looked at, not guessed from the file name).

const UNSPLASH = "Unsplash License";

function unsplash(pageId: string, photographer: string) {
  return `Photo by ${photographer} on Unsplash (unsplash.com/photos/${pageId}), ${UNSPLASH}`;
}

export const PHOTO_CREDITS: Record<string, PhotoCredit> = {
  "hero-01-penthouse-living-kitchen.jpg": {
    alt: "Penthouse living room with a curved sofa, a marble kitchen island and a night city view",
    credit: unsplash("cHjAxnJk_wQ", "Mostafa Safadel"),
  },
  "hero-02-luxury-bedroom.jpg": {
    alt: "Bedroom with a crystal chandelier, a pale headboard and sheer curtains",
    credit: unsplash("Xph_EJ-22vE", "Aalo Lens"),
  },
  "hero-03-infinity-pool-terrace.jpg": {
    alt: "Infinity pool on a white terrace overlooking the sea and palm trees",
    credit: unsplash("XtnNrQYC7ts", "@bigtinybelly"),
  },
  "hero-04-suite-glass-ensuite.jpg": {
    alt: "Suite with a timber feature wall and a glass-walled ensuite bathroom",
    credit: unsplash("jVOaY6Zf58c", "Anwar Hakim"),
  },
  "hero-05-hotel-suite-lounge.jpg": {
    alt: "Classic hotel suite with a tufted sofa and a made bed",
    credit: `Photo by Israel Andrade on Unsplash (images.unsplash.com/photo-1590490360182-c33d57733427), ${UNSPLASH}`,
  },
  "hero-06-bright-living-room.jpg": {
    alt: "Bright living room with a grey sofa, a tripod floor lamp and abstract paintings",
    credit: "pxhere.com/en/photo/1367038, CC0 1.0 (public domain)",
  },
  "hero-07-dark-luxe-bedroom.jpg": {
    alt: "Charcoal-walled bedroom with a round mirror and soft wall lights",
    credit: unsplash("vz9IbCAXHKQ", "Ali Moradi"),
  },
  "room-bathroom-suite-freestanding-bath.jpg": {
    alt: "Hotel suite with a freestanding bath at the foot of the bed",
    credit: unsplash("Y7WfCuz5tn0", "@reisetopia"),
  },
  "room-bedroom-hotel-style.jpg": {
    alt: "Hotel-style bed with a patterned runner under a line portrait",
    credit: "pxhere.com/en/photo/607447, CC0 1.0 (public domain)",
  },
  "room-bedroom-master-orange-art.jpg": {
    alt: "Master bedroom with orange artwork above the bed and two orange ottomans",
    credit: unsplash("R-w5Q-4Mqm0", "Chastity Cortijo"),
  },
  "room-bedroom-tufted-headboard-render.jpg": {
    alt: "Bedroom with a marble wall and a tufted headboard",
    credit: unsplash("vLi7J-dxnVc", "Sheela Sahani"),
  },
  "room-bedroom-tufted.jpg": {
    alt: "Bedroom with a tufted headboard and an upholstered bench",
    credit: unsplash("wVdVCGiXSco", "Ty Carlson"),
  },
  "room-outdoor-rooftop-terrace.jpg": {
    alt: "Rooftop terrace lounge at night",
    credit: unsplash("en-u6xqnbsg", "Brands&People"),
  },
  "room-specialty-spa-lounge.jpg": {
    alt: "Spa relaxation room with loungers behind a glass wall",
    credit: unsplash("znZXwcHdKwM", "Birk Enwald"),
  },
};

/**
 * docs/product/public-site.md#landing-hero-and-value-cards: seven slides. The spec's placeholder
 * titles (Luxury Interior 1 to 7) named no photo, and "Luxury Interior 3" is a pool terrace: each
 * slide is titled after what its photo shows (the title is read out by the slide's dot button).
 */
export const HERO_SLIDES = [
  "hero-01-penthouse-living-kitchen.jpg",
  "hero-02-luxury-bedroom.jpg",
  "hero-03-infinity-pool-terrace.jpg",
  "hero-04-suite-glass-ensuite.jpg",
  "hero-05-hotel-suite-lounge.jpg",
  "hero-06-bright-living-room.jpg",
  "hero-07-dark-luxe-bedroom.jpg",
];

/** Each slide's title, by its photo. */
export const HERO_SLIDE_TITLES: Record<string, string> = {
  "hero-01-penthouse-living-kitchen.jpg": "Penthouse Living Room and Kitchen",
  "hero-02-luxury-bedroom.jpg": "Chandelier Bedroom",
  "hero-03-infinity-pool-terrace.jpg": "Infinity Pool Terrace",
  "hero-04-suite-glass-ensuite.jpg": "Suite with a Glass Ensuite",
  "hero-05-hotel-suite-lounge.jpg": "Classic Hotel Suite",
  "hero-06-bright-living-room.jpg": "Bright Living Room",
  "hero-07-dark-luxe-bedroom.jpg": "Dark Luxe Bedroom",
};

/** docs/product/public-site.md#home-page: the six room cards */
export const ROOM_PHOTOS = {
  "bedrooms-study": "room-bedroom-tufted.jpg",
  bathrooms: "room-bathroom-suite-freestanding-bath.jpg",
  kitchen: "hero-01-penthouse-living-kitchen.jpg",
  "living-areas": "hero-06-bright-living-room.jpg",
  "outdoor-spaces": "room-outdoor-rooftop-terrace.jpg",
  "specialty-areas": "room-specialty-spa-lounge.jpg",
} as const;
