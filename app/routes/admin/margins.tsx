import { useSearchParams } from "react-router";
import { refuseMutation, requirePermission } from "~/features/auth/require-staff.server";
import { MarginsScreen } from "~/features/payroll/components/margins-screen";
import { getMargins } from "~/features/payroll/margins.service.server";
import { adminMeta } from "~/features/seo/admin-meta";
import type { Route } from "./+types/margins";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Margins");

// The margin of every job, a page at a time, and by service, suburb and month
// (docs/decisions/0080-pay-rules.md, 0095): money figures, so finance's permission.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "finance.view");
  const params = new URL(request.url).searchParams;
  return { margins: await getMargins(context.db, { params }) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return refuseMutation(request, context, "finance.view");
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return <MarginsScreen margins={loaderData.margins} params={params} />;
}
