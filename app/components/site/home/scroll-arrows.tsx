import { ChevronLeft, ChevronRight } from "lucide-react";
import type { RefObject } from "react";
import { useHydrated } from "../use-hydrated";

const ARROW =
  "inline-flex size-11 items-center justify-center rounded-full border border-ink/25 text-ink hover:border-ink hover:bg-ink/5";

/** Scrolls a snap row by one item, smoothly unless the visitor asked for less motion. */
function step(list: HTMLElement | null, direction: 1 | -1) {
  const item = list?.firstElementChild as HTMLElement | null;
  if (!list || !item) return;
  const gap = parseFloat(getComputedStyle(list).columnGap) || 0;
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  list.scrollBy({
    left: direction * (item.offsetWidth + gap),
    behavior: reduce ? "auto" : "smooth",
  });
}

/**
 * Previous and next buttons for a native horizontal scroller (scroll-snap does the rest, and
 * touch and the keyboard scroll it without them). They need JavaScript, so they render after
 * hydration inside a box of fixed size: their arrival shifts nothing.
 */
export function ScrollArrows({
  target,
  previousLabel,
  nextLabel,
  className = "",
}: {
  target: RefObject<HTMLElement | null>;
  previousLabel: string;
  nextLabel: string;
  className?: string;
}) {
  const hydrated = useHydrated();
  return (
    <div className={`h-11 shrink-0 gap-2 ${className}`}>
      {hydrated && (
        <>
          <button type="button" className={ARROW} onClick={() => step(target.current, -1)}>
            <ChevronLeft aria-hidden="true" className="size-5" strokeWidth={1.5} />
            <span className="sr-only">{previousLabel}</span>
          </button>
          <button type="button" className={ARROW} onClick={() => step(target.current, 1)}>
            <ChevronRight aria-hidden="true" className="size-5" strokeWidth={1.5} />
            <span className="sr-only">{nextLabel}</span>
          </button>
        </>
      )}
    </div>
  );
}
