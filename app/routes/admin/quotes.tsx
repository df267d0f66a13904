import { adminMeta } from "~/features/seo/admin-meta";
import { ComingSoon } from "~/components/admin/admin-page";
import { refuseMutation, requirePermission } from "~/features/auth/require-staff.server";
import type { Route } from "./+types/quotes";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Leads");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "leads.view");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  return refuseMutation(request, context, "leads.manage");
}

export default function Page() {
  return <ComingSoon title="Leads" />;
}
