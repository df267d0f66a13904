import { useCallback, useEffect, useState, useSyncExternalStore } from "react";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** True when the visitor asked for less motion; false on the server (nothing moves there). */
export function useReducedMotion() {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

type State = { index: number; seen: number[] };

/** Share of a slide's turn after which the next slide's photo starts loading. */
const PREPARE_NEXT_AFTER = 0.5;

/**
 * docs/product/public-site.md#statuses-and-flows: a current index and a paused flag; it advances every `interval`
 * ms and wraps after the last slide. Hover and keyboard focus pause it (so does the visitor's own
 * pause button, WCAG 2.2.2); under reduced motion it never moves by itself. `seen` lists the
 * slides shown so far, so photos further along are fetched only when they are about to show;
 * `prepareNext` turns true halfway through the first slide's turn, so the second photo does not
 * share the phone's link with the first one and the page's scripts while the page loads.
 */
export function useSlideshow(count: number, interval: number) {
  const [state, setState] = useState<State>({ index: 0, seen: [0] });
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const [prepareNext, setPrepareNext] = useState(false);
  const reducedMotion = useReducedMotion();
  const paused = hovered || focused || stopped;

  const show = useCallback((index: number) => {
    setState((s) => ({ index, seen: s.seen.includes(index) ? s.seen : [...s.seen, index] }));
  }, []);

  const { index } = state;
  useEffect(() => {
    if (paused || reducedMotion || count < 2) return;
    // Restarted after every change of slide, so a jump gets its full 8 seconds too.
    const timer = window.setTimeout(() => show((index + 1) % count), interval);
    return () => window.clearTimeout(timer);
  }, [index, paused, reducedMotion, count, interval, show]);

  useEffect(() => {
    const timer = window.setTimeout(() => setPrepareNext(true), interval * PREPARE_NEXT_AFTER);
    return () => window.clearTimeout(timer);
  }, [interval]);

  return {
    index,
    seen: state.seen,
    prepareNext,
    show,
    stopped,
    setStopped,
    reducedMotion,
    /** Spread on the element whose hover and focus pause the slideshow */
    pauseHandlers: {
      onPointerEnter: () => setHovered(true),
      onPointerLeave: () => setHovered(false),
      // Keyboard focus only: a click on a dot focuses it too, and should not stop the show.
      onFocus: (event: React.FocusEvent<HTMLElement>) => {
        if (event.target.matches(":focus-visible")) setFocused(true);
      },
      onBlur: (event: React.FocusEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      },
    },
  };
}
