import { SlidersHorizontal } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "~/components/site/use-hydrated";
import { buttonClasses } from "~/components/ui/button";

const FIRST_CONTROL = "input:not([type=hidden]), select, textarea, button";

/**
 * A screen's filters: inline from 640 px; under it folded behind a "Filters" button, so at phone
 * width the list starts on the first screen. Opening moves focus to the first filter; Escape
 * folds them again and returns focus to the button. Until JavaScript runs the button could not
 * open them, so they stay unfolded (docs/conventions.md#forms-without-javascript).
 */
export function FilterSheet({
  active = 0,
  className = "",
  children,
}: {
  /** How many filters are set, shown on the button so a folded filter is not forgotten. */
  active?: number;
  className?: string;
  children: React.ReactNode;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  // Only a press of the button moves focus, never the first render.
  const focusOnOpen = useRef(false);
  useEffect(() => {
    if (!open || !focusOnOpen.current) return;
    focusOnOpen.current = false;
    panel.current?.querySelector<HTMLElement>(FIRST_CONTROL)?.focus();
  }, [open]);
  useEffect(() => {
    const element = panel.current;
    if (!open || !element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    element.addEventListener("keydown", onKeyDown);
    return () => element.removeEventListener("keydown", onKeyDown);
  }, [open]);
  return (
    <div className={className}>
      {hydrated && (
        <button
          ref={button}
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => {
            focusOnOpen.current = !open;
            setOpen(!open);
          }}
          className={buttonClasses(
            "outline",
            "px-4 sm:hidden dark:border-ivory/40 dark:text-ivory dark:hover:bg-ivory/10",
          )}
        >
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          Filters
          {active > 0 && (
            <span className="rounded-full bg-ink px-2 text-xs text-ivory tabular-nums dark:bg-gold dark:text-ink">
              {active}
              <span className="sr-only"> set</span>
            </span>
          )}
        </button>
      )}
      <div
        id={panelId}
        ref={panel}
        className={!hydrated ? "" : open ? "max-sm:mt-3" : "max-sm:hidden"}
      >
        {children}
      </div>
    </div>
  );
}
