import { Link, Outlet, isRouteErrorResponse, useRouteLoaderData } from "react-router";
import { ADMIN_LAYOUT_ID, adminMeta } from "~/features/seo/admin-meta";
import { PageHeader } from "~/components/kit/page-header";
import { adminNavFor } from "~/components/admin/admin-nav-items";
import { AdminShell } from "~/components/admin/admin-shell";
import { ToastProvider } from "~/components/kit/toast";
import { allowedAdminPaths } from "~/features/auth/admin-access";
import { can } from "~/features/auth/permissions";
import { requirePermission } from "~/features/auth/require-staff.server";
import { themeClassName, toStaffTheme } from "~/features/auth/staff-theme";
import { countOpenMessages } from "~/features/contact/contact-inbox.service.server";
import { CONTACT_INBOX_PATH } from "~/features/contact/contact-inbox";
import { DeliveryWarningBanner } from "~/features/outbox/components/delivery-banner";
import { getDeliveryBanner } from "~/features/outbox/delivery-banner.server";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import type { Route } from "./+types/admin-layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  // Every signed-in account may be in the frame; each page asks for its own permission.
  const { staff } = await requirePermission(request, context, "account.manage");
  const profile = await getBusinessProfile(context.db);
  const theme = toStaffTheme(staff.theme);
  return {
    staff: { name: staff.name },
    // The menu shows only what this role may open (permissions.ts).
    allowedPaths: allowedAdminPaths(staff.role),
    // The open contact messages beside Messages, for those who may open them.
    openMessages: can(staff.role, "leads.view") ? await countOpenMessages(context.db) : 0,
    businessName: profile.name,
    deliveryBanner: await getDeliveryBanner(context.db, {
      config: context.config,
      staffId: staff.id,
    }),
    // Dismiss posts to the delivery log's action, so only those who may manage deliveries see it.
    canDismissBanner: can(staff.role, "deliveries.manage"),
    theme,
    // root.tsx puts this on <html>, so the chosen theme is there before the first paint.
    themeClass: themeClassName(theme),
  };
}

// A page's own meta names it; when a page is refused or unknown, the frame's error names it.
export const meta: Route.MetaFunction = (args) =>
  args.error ? adminMeta(args, errorText(args.error).title) : [];

// Staff pages hold personal data: never kept by a shared computer's cache or the back button.
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

function navItemsOf(data: { allowedPaths: string[]; openMessages: number }) {
  return adminNavFor(data.allowedPaths, {
    [CONTACT_INBOX_PATH]: { value: data.openMessages, label: "open" },
  });
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell
      businessName={loaderData.businessName}
      staffName={loaderData.staff.name}
      navItems={navItemsOf(loaderData)}
      deliveryBanner={
        loaderData.deliveryBanner && (
          <DeliveryWarningBanner
            banner={loaderData.deliveryBanner}
            canDismiss={loaderData.canDismissBanner}
          />
        )
      }
    >
      <ToastProvider>
        <Outlet />
      </ToastProvider>
    </AdminShell>
  );
}

const ERROR_TEXT: Record<number, { title: string; text: string }> = {
  403: {
    title: "No access",
    text: "Your account does not have access to this. Ask an owner if you need it.",
  },
  404: {
    title: "Page not found",
    text: "There is nothing at this address. The menu has every screen you can open.",
  },
};

function errorText(error: unknown) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    ERROR_TEXT[status] ?? { title: "Something went wrong", text: "Please try again in a moment." }
  );
}

// A failing admin page keeps the sidebar, so staff can go elsewhere: a page the role may not
// open (403) and an unknown /admin address (404) too.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>(ADMIN_LAYOUT_ID);
  const known = errorText(error);
  const body = (
    <>
      <PageHeader title={known.title} />
      <p className="text-sm text-muted dark:text-mist">{known.text}</p>
      <p className="mt-4 text-sm">
        <Link
          to="/admin/dashboard"
          className="font-semibold text-gold-deep underline underline-offset-4 dark:text-gold"
        >
          Back to the dashboard
        </Link>
      </p>
      {import.meta.env.DEV && error instanceof Error && (
        <pre className="mt-6 overflow-auto text-xs">{error.stack}</pre>
      )}
    </>
  );
  if (!data) return <main id="main">{body}</main>;
  return (
    <AdminShell
      businessName={data.businessName}
      staffName={data.staff.name}
      navItems={navItemsOf(data)}
      deliveryBanner={
        data.deliveryBanner && (
          <DeliveryWarningBanner banner={data.deliveryBanner} canDismiss={data.canDismissBanner} />
        )
      }
    >
      {body}
    </AdminShell>
  );
}
