import { redirect } from "react-router";
import { refuseMutation, requirePermission } from "~/features/auth/require-staff.server";
import type { Route } from "./+types/index";

// docs/product/back-office.md#routes-and-access: /admin redirects to /admin/dashboard.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "dashboard.view");
  return redirect("/admin/dashboard");
}

export async function action({ request, context }: Route.ActionArgs) {
  return refuseMutation(request, context, "dashboard.view");
}
