import { Menu, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { phoneHref } from "~/lib/phone";
import { BOOK_NOW, FOOTER_NAV_ID, MAIN_NAV } from "./nav-links";
import { useHydrated } from "./use-hydrated";

const TRIGGER =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-md px-2 text-ivory hover:text-gold";

/**
 * The disclosure menu below 1024 px. Focus stays on the button when it opens (the links follow
 * it in tab order); Escape closes it and keeps focus on the button; tabbing out, clicking a link
 * or any navigation closes it. Before JavaScript runs, the trigger is a link to the footer's
 * links, so the menu never shows a button that does nothing.
 */
export function MobileMenu({ phone }: { phone?: string }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  // Close on any navigation (back and forward included), adjusting state during render.
  const { pathname } = useLocation();
  const [lastPath, setLastPath] = useState(pathname);
  if (pathname !== lastPath) {
    setLastPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    }
    function onPointerDown(event: PointerEvent) {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    }
    // Tabbing past the last link (or anywhere outside) closes the menu behind the visitor.
    function onFocusIn(event: FocusEvent) {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("focusin", onFocusIn);
    };
  }, [open]);

  if (!hydrated) {
    return (
      <a href={`#${FOOTER_NAV_ID}`} className={TRIGGER}>
        <Menu aria-hidden="true" className="size-6" strokeWidth={1.5} />
        <span className="sr-only">Menu</span>
      </a>
    );
  }

  const close = () => setOpen(false);

  return (
    <div ref={wrapperRef}>
      <button
        ref={buttonRef}
        type="button"
        className={TRIGGER}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? (
          <X aria-hidden="true" className="size-6" strokeWidth={1.5} />
        ) : (
          <Menu aria-hidden="true" className="size-6" strokeWidth={1.5} />
        )}
        <span className="sr-only">Menu</span>
      </button>

      <div
        id={panelId}
        hidden={!open}
        className="surface-ink absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-y border-ivory/10 shadow-xl shadow-ink/30"
      >
        <nav aria-label="Main" className="mx-auto max-w-6xl px-5 py-4 sm:px-8">
          <ul className="divide-y divide-ivory/10">
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  onClick={close}
                  className={({ isActive }) =>
                    `flex min-h-12 items-center font-display text-2xl ${isActive ? "text-gold" : "text-ivory hover:text-gold"}`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="mt-5 flex flex-col gap-3 pb-2 sm:flex-row">
            <Link to={BOOK_NOW.to} onClick={close} className={buttonClasses("gold")}>
              {BOOK_NOW.label}
            </Link>
            {phone && (
              <a href={phoneHref(phone)} className={buttonClasses("outline-light")}>
                Call {phone}
              </a>
            )}
          </div>
        </nav>
      </div>
    </div>
  );
}
