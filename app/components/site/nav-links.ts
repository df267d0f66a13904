// The site's navigation, in one place for the header, the mobile menu and the footer.

export type NavItem = { to: string; label: string };

/** docs/product/public-site.md#site-layout: Services, About, Contact (plus the phone and Book Now). */
export const MAIN_NAV: NavItem[] = [
  { to: "/services", label: "Services" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
];

export const BOOK_NOW: NavItem = { to: "/services/1", label: "Book Now" };

/** A customer's own pages (docs/decisions/0012-real-customer-data.md): the profile, or its sign-in prompt. */
export const ACCOUNT: NavItem = { to: "/profile", label: "My account" };

export const FOOTER_NAV: NavItem[] = [
  { to: "/", label: "Home" },
  { to: "/services", label: "Services" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
  { to: "/subscription", label: "Subscription" },
  { to: "/policies", label: "Policies" },
  { to: "/work-with-us", label: "Join Our Team" },
  { to: "/admin/dashboard", label: "Admin Dashboard" },
  { to: "/bookings", label: "My Bookings" },
];

/** The id of the footer's link list: the no-JavaScript target of the mobile menu button. */
export const FOOTER_NAV_ID = "footer-links";

/** The mobile menu's button, the same before and after its panel's code has loaded. */
export const MENU_TRIGGER =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-md px-2 text-ivory hover:text-gold";
