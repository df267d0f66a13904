// The cleaner app's web app manifest (docs/decisions/0063-cleaner-app-sign-in.md): installable
// from /cleaner, opening there, and confined to it. Colours are the brand's (docs/brand.md#colour):
// the ink header as the theme, the ivory page behind the splash.

const INK = "#101828";
const IVORY = "#faf7f2";

export function cleanerAppManifest(businessName: string) {
  return {
    id: "/cleaner",
    name: `${businessName}: jobs`,
    short_name: "My jobs",
    description: "Your cleaning jobs and offers.",
    start_url: "/cleaner",
    scope: "/cleaner",
    display: "standalone",
    orientation: "portrait",
    theme_color: INK,
    background_color: IVORY,
    lang: "en-AU",
    icons: [
      { src: "/icons/cleaner-app-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/cleaner-app-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      {
        src: "/icons/cleaner-app-maskable-192.png",
        sizes: "192x192",
        type: "image/png",
        purpose: "maskable",
      },
      {
        src: "/icons/cleaner-app-maskable-512.png",
        sizes: "512x512",
        type: "image/png",
        purpose: "maskable",
      },
    ],
  };
}
