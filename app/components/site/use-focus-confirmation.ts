import { useEffect, useRef } from "react";

/**
 * After a public form succeeds, focus moves to its confirmation and the confirmation is
 * scrolled into view below the fixed header (CONFIRMATION_CLASS gives it the scroll margin), so a
 * customer on a phone sees it and does not send the form twice. `active` turns true when the
 * confirmation appears; a new `key` (a new answer) moves focus again.
 */
export function useFocusConfirmation<T extends HTMLElement>(active: boolean, key?: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!active || !element) return;
    element.focus({ preventScroll: true });
    element.scrollIntoView({ block: "nearest" });
  }, [active, key]);
  return ref;
}

/** Focusable by script only, and clear of the fixed header (and the demo ribbon) when scrolled to. */
export const CONFIRMATION_CLASS =
  "scroll-mt-[calc(5rem+var(--demo-ribbon,0px))] outline-none lg:scroll-mt-[calc(6rem+var(--demo-ribbon,0px))]";
