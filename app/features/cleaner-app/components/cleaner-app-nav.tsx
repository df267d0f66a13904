import { NavLink } from "react-router";

// The cleaner app's pages, in a row under the greeting: each page says which one is open.
const PAGES = [
  { to: "/cleaner", label: "Jobs", end: true },
  { to: "/cleaner/availability", label: "Availability", end: false },
  { to: "/cleaner/earnings", label: "Earnings", end: false },
  { to: "/cleaner/calendar", label: "Calendar", end: false },
] as const;

export function CleanerAppNav() {
  return (
    <nav aria-label="Your app" className="mb-6 -mx-1 overflow-x-auto">
      <ul className="flex gap-1 text-sm font-semibold">
        {PAGES.map((page) => (
          <li key={page.to}>
            <NavLink
              to={page.to}
              end={page.end}
              className={({ isActive }) =>
                `inline-block rounded-md px-3 py-2 underline-offset-4 hover:underline ${
                  isActive ? "bg-ink text-ivory" : "text-ink"
                }`
              }
            >
              {page.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
