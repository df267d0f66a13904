import { AdminBrand } from "./admin-brand";
import { AdminMobileMenu } from "./admin-mobile-menu";
import { AdminNav } from "./admin-nav";
import type { AdminNavItem } from "./admin-nav-items";
import { SignOutForm } from "./sign-out-form";
import { StaffBadge } from "./staff-badge";

/**
 * The back office frame (docs/product/back-office.md#admin-layout): an ink sidebar from 1024 px, a top bar with a
 * menu button below it, and the page in <main>. Plainer and denser than the public site, in
 * the same palette; every colour has a dark-theme pair with AA contrast.
 */
export function AdminShell({
  businessName,
  staffName,
  navItems,
  deliveryBanner = null,
  children,
}: {
  businessName: string;
  staffName: string;
  /** The menu's links the signed-in role may open. */
  navItems: readonly AdminNavItem[];
  /** Deliveries needing attention, warned about on every page. */
  deliveryBanner?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="min-h-dvh bg-ivory text-ink dark:bg-ink dark:text-ivory dark:[--focus-ring:var(--color-gold)] dark:[color-scheme:dark]">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-gold focus:px-4 focus:py-2 focus:text-ink"
      >
        Skip to content
      </a>

      <aside className="surface-ink fixed print:hidden top-[var(--demo-ribbon,0px)] bottom-0 left-0 hidden w-60 flex-col border-r border-ivory/10 lg:flex">
        <div className="px-5 pt-5 pb-6">
          <AdminBrand name={businessName} />
        </div>
        <div className="flex-1 overflow-y-auto px-3">
          <AdminNav items={navItems} />
        </div>
        <div className="border-t border-ivory/10 px-3 py-3">
          <StaffBadge name={staffName} />
          <SignOutForm />
        </div>
      </aside>

      <header className="surface-ink sticky print:hidden top-[var(--demo-ribbon,0px)] z-30 flex h-14 items-center justify-between px-4 lg:hidden">
        <AdminBrand name={businessName} />
        <AdminMobileMenu staffName={staffName} navItems={navItems} />
      </header>

      <main id="main" tabIndex={-1} className="outline-none lg:pl-60 print:pl-0">
        <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:px-10 lg:py-10">
          {deliveryBanner}
          {children}
        </div>
      </main>
    </div>
  );
}
