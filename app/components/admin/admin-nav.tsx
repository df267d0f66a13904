import { NavLink } from "react-router";
import type { AdminNavItem } from "./admin-nav-items";

/**
 * The admin's links. NavLink marks the current page with aria-current="page" (and the gold
 * bar); a cleaner's profile counts as Cleaners.
 */
export function AdminNav({
  items,
  onNavigate,
}: {
  items: readonly AdminNavItem[];
  onNavigate?: () => void;
}) {
  return (
    <nav aria-label="Admin">
      <ul className="space-y-0.5">
        {items.map(({ to, label, icon: Icon, count }) => (
          <li key={to}>
            <NavLink
              to={to}
              onClick={onNavigate}
              className={({ isActive }) =>
                `flex min-h-11 items-center gap-3 rounded-md border-l-2 px-3 text-sm font-semibold ${
                  isActive
                    ? "border-gold bg-ivory/10 text-gold"
                    : "border-transparent text-mist hover:bg-ivory/5 hover:text-ivory"
                }`
              }
            >
              <Icon aria-hidden="true" className="size-[1.125rem] shrink-0" strokeWidth={1.5} />
              {label}
              {count && count.value > 0 && (
                <span className="ml-auto rounded-full bg-gold px-2 py-0.5 text-xs font-bold text-ink tabular-nums">
                  {count.value}
                  <span className="sr-only"> {count.label}</span>
                </span>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
