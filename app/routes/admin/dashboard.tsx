import { useNavigation } from "react-router";
import { adminMeta } from "~/features/seo/admin-meta";
import { refuseMutation, requirePermission } from "~/features/auth/require-staff.server";
import {
  DASHBOARD_ERROR,
  DASHBOARD_TITLE,
  DashboardView,
} from "~/features/dashboard/components/dashboard-view";
import { parseDashboardPeriod } from "~/features/dashboard/dashboard.schema";
import { getDashboardFor } from "~/features/dashboard/dashboard.service.server";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = (args) => adminMeta(args, DASHBOARD_TITLE);

// docs/product/back-office.md#dashboard: ?period=7|30|90 (default 30). A failure is the page's error banner,
// never a 500: the figures are not worth losing the admin shell over. Which figures the page
// gets depends on the role (docs/decisions/0044-figures-by-permission.md).
export async function loader({ request, context }: Route.LoaderArgs) {
  const { staff } = await requirePermission(request, context, "dashboard.view");
  const period = parseDashboardPeriod(new URL(request.url).searchParams.get("period"));
  try {
    const dashboard = await getDashboardFor(context.db, { role: staff.role, periodDays: period });
    return { period, dashboard, error: null };
  } catch (error) {
    context.logger.error({ err: error }, "dashboard failed to load");
    return { period, dashboard: null, error: DASHBOARD_ERROR };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  return refuseMutation(request, context, "dashboard.view");
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" && navigation.location.pathname === "/admin/dashboard";
  return (
    <DashboardView
      period={loaderData.period}
      dashboard={loaderData.dashboard}
      error={loaderData.error}
      loading={loading}
    />
  );
}
