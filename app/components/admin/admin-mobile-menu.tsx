import { Menu, X } from "lucide-react";
import { useState } from "react";
import { useLocation } from "react-router";
import { MenuPanel } from "~/components/kit/dialog";
import { useHydrated } from "~/components/site/use-hydrated";
import { AdminNav } from "./admin-nav";
import type { AdminNavItem } from "./admin-nav-items";
import { SignOutForm } from "./sign-out-form";
import { StaffBadge } from "./staff-badge";

const PANEL_ID = "admin-menu";
const PANEL =
  "surface-ink absolute inset-x-0 top-full max-h-[calc(100dvh-3.5rem)] overflow-y-auto border-t border-ivory/10 px-4 pt-3 pb-4 shadow-xl shadow-ink/30";
const TRIGGER =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-md px-2 text-sm font-semibold text-ivory hover:text-gold";

/**
 * The sidebar below 1024 px, on the kit's MenuPanel (a non-modal Radix dialog) opening the same
 * links: the button says whether it is open, Escape closes it and gives focus back to the
 * button, and a click outside or any navigation closes it. Before JavaScript runs
 * the button is a link to the panel, which CSS shows while it is the URL's target, so the menu
 * works from the first paint.
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

  const { pathname } = useLocation();
  const [lastPath, setLastPath] = useState(pathname);
  if (pathname !== lastPath) {
    setLastPath(pathname);
    setOpen(false);
  }

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
  const links = (
    <>
      <AdminNav items={navItems} onNavigate={() => setOpen(false)} />
      <div className="mt-3 border-t border-ivory/10 pt-3">
        <StaffBadge name={staffName} />
        <SignOutForm />
      </div>
    </>
  );

  if (!hydrated) {
    return (
      <div>
        <a href={`#${PANEL_ID}`} className={TRIGGER}>
          {label}
        </a>
        <div id={PANEL_ID} className={`${PANEL} hidden target:block`}>
          {links}
        </div>
      </div>
    );
  }

  return (
    <MenuPanel
      open={open}
      onOpenChange={setOpen}
      title="Admin menu"
      trigger={
        <button type="button" className={TRIGGER}>
          {label}
        </button>
      }
      className={PANEL}
    >
      {links}
    </MenuPanel>
  );
}
