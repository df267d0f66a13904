// The Open Graph share image's address, size and words, for the page meta (client-safe) and for
// share-image.server.ts, which draws it.

export const SHARE_IMAGE = { width: 1200, height: 630, path: "/og-image.png" } as const;
export const SHARE_TAGLINE = "High-end cleaning in Sydney";

/** The share image's alt text: the business name and the tagline. */
export function shareImageAlt(businessName: string) {
  return `${businessName}: ${SHARE_TAGLINE.charAt(0).toLowerCase()}${SHARE_TAGLINE.slice(1)}`;
}
