/**
 * A route's `handle` when its page hydrates only after the first paint
 * (docs/decisions/0099-hydrate-after-first-paint.md): pages that work whole without JavaScript
 * (links, and forms that post and answer without it), so nothing is lost while the scripts wait.
 * Not the quote wizard, which needs JavaScript to take a step.
 */
export type HydrateAfterPaintHandle = { hydrateAfterPaint?: boolean };
