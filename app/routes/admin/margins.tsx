import { refuseMutation, requirePermission } from "~/features/auth/require-staff.server";
import { MarginsScreen } from "~/features/payroll/components/margins-screen";
import { getMargins } from "~/features/payroll/margins.service.server";
import { adminMeta } from "~/features/seo/admin-meta";
import type { Route } from "./+types/margins";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Margins");

// The margin of every job, and by service, suburb and month (docs/decisions/0080-pay-rules.md):
// money figures, so finance's permission.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "finance.view");
  return { margins: await getMargins(context.db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return refuseMutation(request, context, "finance.view");
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <MarginsScreen margins={loaderData.margins} />;
}
