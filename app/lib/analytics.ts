// Google Analytics 4 (docs/decisions/0016-analytics-only-when-configured.md), shared by the settings form, the tag the public pages render
// and the CSP that allows it. No zod here: the page bundle imports it.

/** A tag id settings accept, so nothing else reaches a URL or a script. */
export const ANALYTICS_TAG_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{1,39}$/;

/** Where gtag.js comes from: the one third-party script origin. */
export const ANALYTICS_SCRIPT_ORIGIN = "https://www.googletagmanager.com";

/** The gtag.js library, loaded with `?id=` and the tag id. */
export const ANALYTICS_SCRIPT_URL = `${ANALYTICS_SCRIPT_ORIGIN}/gtag/js`;
