import { Outlet, isRouteErrorResponse, useRouteLoaderData } from "react-router";
import { ADMIN_LAYOUT_ID } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { AdminShell } from "~/components/admin/admin-shell";
import { ToastProvider } from "~/components/kit/toast";
import { requireStaff } from "~/features/auth/require-staff.server";
import { themeClassName, toStaffTheme } from "~/features/auth/staff-theme";
import { getDeliveryBanner } from "~/features/outbox/delivery-banner.server";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import type { Route } from "./+types/admin-layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { staff } = await requireStaff(request, context);
  const profile = await getBusinessProfile(context.db);
  const theme = toStaffTheme(staff.theme);
  return {
    staff: { name: staff.name },
    businessName: profile.name,
    deliveryBanner: await getDeliveryBanner(context.db),
    theme,
    // root.tsx puts this on <html>, so the chosen theme is there before the first paint.
    themeClass: themeClassName(theme),
  };
}

// Staff pages hold personal data: never kept by a shared computer's cache or the back button.
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell
      businessName={loaderData.businessName}
      staffName={loaderData.staff.name}
      deliveryBanner={loaderData.deliveryBanner}
    >
      <ToastProvider>
        <Outlet />
      </ToastProvider>
    </AdminShell>
  );
}

// A failing admin page keeps the sidebar, so staff can go elsewhere.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>(ADMIN_LAYOUT_ID);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const body = (
    <>
      <AdminPageHeader title={status === 404 ? "Page not found" : "Something went wrong"} />
      <p className="text-sm text-muted dark:text-mist">
        {status === 404
          ? "There is nothing at this address. The menu has every screen."
          : "Please try again in a moment."}
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
      deliveryBanner={data.deliveryBanner}
    >
      {body}
    </AdminShell>
  );
}
