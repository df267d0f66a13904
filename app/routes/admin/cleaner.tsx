import { adminMeta } from "~/features/seo/admin-meta";
import { ComingSoon } from "~/components/admin/admin-page";
import { refuseMutation, requireStaff } from "~/features/auth/require-staff.server";
import type { Route } from "./+types/cleaner";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Cleaner profile");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  return refuseMutation(request, context);
}

export default function Page() {
  return <ComingSoon title="Cleaner profile" />;
}
