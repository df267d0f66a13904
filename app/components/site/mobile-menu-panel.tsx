import { Menu, X } from "lucide-react";
import { Link, NavLink } from "react-router";
import { MenuPanel } from "~/components/kit/dialog";
import { buttonClasses } from "~/components/ui/button";
import { phoneHref } from "~/lib/phone";
import { ACCOUNT, BOOK_NOW, MAIN_NAV, MENU_TRIGGER } from "./nav-links";

/**
 * The open menu on the kit's MenuPanel (a non-modal Radix dialog): the button says whether it
 * is open, focus moves into the panel, Escape closes it and gives focus back to the button, and
 * a click outside or on a link closes it. Loaded the first time the visitor reaches for the
 * menu (mobile-menu.tsx), so no public page downloads the dialog code up front.
 */
export function MobileMenuPanel({
  phone,
  open,
  onOpenChange,
}: {
  phone?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const close = () => onOpenChange(false);
  return (
    <MenuPanel
      open={open}
      onOpenChange={onOpenChange}
      title="Menu"
      trigger={
        <button type="button" className={MENU_TRIGGER}>
          {open ? (
            <X aria-hidden="true" className="size-6" strokeWidth={1.5} />
          ) : (
            <Menu aria-hidden="true" className="size-6" strokeWidth={1.5} />
          )}
          <span className="sr-only">Menu</span>
        </button>
      }
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
          <Link to={ACCOUNT.to} onClick={close} className={buttonClasses("outline-light")}>
            {ACCOUNT.label}
          </Link>
        </div>
      </nav>
    </MenuPanel>
  );
}
