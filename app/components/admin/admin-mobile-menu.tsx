import { Menu, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useHydrated } from "~/components/site/use-hydrated";
import { AdminNav } from "./admin-nav";
import type { AdminNavItem } from "./admin-nav-items";
import { SignOutForm } from "./sign-out-form";
import { StaffBadge } from "./staff-badge";

const PANEL_ID = "admin-menu";
const TRIGGER =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-md px-2 text-sm font-semibold text-ivory hover:text-gold";

/**
 * The sidebar below 1024 px: a disclosure button (aria-expanded) opening the same links.
 * Escape closes it and returns focus to the button; a click outside, tabbing away or any
 * navigation closes it. Before JavaScript runs the button is a link to the panel, which CSS
 * shows while it is the URL's target, so the menu works from the first paint.
 */
export function AdminMobileMenu({
  staffName,
  navItems,
}: {
  staffName: string;
  navItems: readonly AdminNavItem[];
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);

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
    function onOutside(event: Event) {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onOutside);
    document.addEventListener("focusin", onOutside);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onOutside);
      document.removeEventListener("focusin", onOutside);
    };
  }, [open]);

  const label = (
    <>
      {open ? (
        <X aria-hidden="true" className="size-6" strokeWidth={1.5} />
      ) : (
        <Menu aria-hidden="true" className="size-6" strokeWidth={1.5} />
      )}
      Menu
    </>
  );

  return (
    <div ref={wrapperRef}>
      {hydrated ? (
        <button
          ref={buttonRef}
          type="button"
          className={TRIGGER}
          aria-expanded={open}
          aria-controls={PANEL_ID}
          onClick={() => setOpen((value) => !value)}
        >
          {label}
        </button>
      ) : (
        <a href={`#${PANEL_ID}`} className={TRIGGER}>
          {label}
        </a>
      )}
      <div
        id={PANEL_ID}
        hidden={hydrated ? !open : undefined}
        className={`surface-ink absolute inset-x-0 top-full max-h-[calc(100dvh-3.5rem)] overflow-y-auto border-t border-ivory/10 px-4 pt-3 pb-4 shadow-xl shadow-ink/30 ${
          hydrated ? "" : "hidden target:block"
        }`}
      >
        <AdminNav items={navItems} onNavigate={() => setOpen(false)} />
        <div className="mt-3 border-t border-ivory/10 pt-3">
          <StaffBadge name={staffName} />
          <SignOutForm />
        </div>
      </div>
    </div>
  );
}
