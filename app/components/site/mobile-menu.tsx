import { Menu } from "lucide-react";
import { useState, type ComponentType } from "react";
import { useLocation } from "react-router";
import { FOOTER_NAV_ID, MENU_TRIGGER } from "./nav-links";
import { useHydrated } from "./use-hydrated";

type Panel = ComponentType<{
  phone?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}>;

// The dialog code (Radix, about 15 KiB compressed) is fetched when the visitor first points at,
// focuses or presses the button, not with every page: most visits never open the menu.
const loadPanel = () => import("./mobile-menu-panel");

/**
 * The menu below 1024 px. Before JavaScript runs, the trigger is a link to the footer's links,
 * so the menu never shows a button that does nothing. Once hydrated it is a button; the first
 * press loads the panel (mobile-menu-panel.tsx) and opens it, and from then on the panel's own
 * button takes its place. Any navigation (back and forward included) closes it.
 */
export function MobileMenu({ phone }: { phone?: string }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [panel, setPanel] = useState<{ Component: Panel } | null>(null);

  const { pathname } = useLocation();
  const [lastPath, setLastPath] = useState(pathname);
  if (pathname !== lastPath) {
    setLastPath(pathname);
    setOpen(false);
  }

  if (!hydrated) {
    return (
      <a href={`#${FOOTER_NAV_ID}`} className={MENU_TRIGGER}>
        <Menu aria-hidden="true" className="size-6" strokeWidth={1.5} />
        <span className="sr-only">Menu</span>
      </a>
    );
  }

  if (panel) return <panel.Component phone={phone} open={open} onOpenChange={setOpen} />;

  const openPanel = () =>
    loadPanel().then(
      (module) => {
        setPanel({ Component: module.MobileMenuPanel });
        setOpen(true);
      },
      // Offline, say: the footer's links are what the menu would have offered.
      () => (window.location.hash = FOOTER_NAV_ID),
    );

  return (
    <button
      type="button"
      aria-expanded="false"
      className={MENU_TRIGGER}
      // Started early, the download is usually done by the time the press lands.
      onPointerEnter={() => void loadPanel()}
      onFocus={() => void loadPanel()}
      onClick={() => void openPanel()}
    >
      <Menu aria-hidden="true" className="size-6" strokeWidth={1.5} />
      <span className="sr-only">Menu</span>
    </button>
  );
}
