import { adminMeta } from "~/features/seo/admin-meta";
import { ComingSoon } from "~/components/admin/admin-page";
import { refuseMutation, requireStaff } from "~/features/auth/require-staff.server";
import type { Route } from "./+types/quotes";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Leads");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  return refuseMutation(request, context);
}

export default function Page() {
  return <ComingSoon title="Leads" />;
}
