import { adminMeta } from "~/features/seo/admin-meta";
import { ComingSoon } from "~/components/admin/admin-page";
import { refuseMutation, requirePermission } from "~/features/auth/require-staff.server";
import type { Route } from "./+types/marketing";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Marketing");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "marketing.manage");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  return refuseMutation(request, context, "marketing.manage");
}

export default function Page() {
  return <ComingSoon title="Marketing" />;
}
