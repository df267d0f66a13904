/**
 * A route's `handle` when its page hydrates only after the first paint
 * (docs/decisions/0099-hydrate-after-first-paint.md): pages that work whole without JavaScript
 * (links, and forms that post and answer without it), so nothing is lost while the scripts wait.
 * The quote start waits too, though its wizard needs JavaScript: its first screen's buttons do
 * nothing until the scripts run either way (docs/decisions/0104-the-quote-start-hydrates-after-its-paint.md).
 */
export type HydrateAfterPaintHandle = { hydrateAfterPaint?: boolean };
