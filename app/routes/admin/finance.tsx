import { adminMeta } from "~/features/seo/admin-meta";
import { ComingSoon } from "~/components/admin/admin-page";
import { refuseMutation, requirePermission } from "~/features/auth/require-staff.server";
import type { Route } from "./+types/finance";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Finance");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "finance.view");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  return refuseMutation(request, context, "finance.view");
}

export default function Page() {
  return <ComingSoon title="Finance" />;
}
