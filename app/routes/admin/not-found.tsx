import { data } from "react-router";
import { requirePermission } from "~/features/auth/require-staff.server";
import type { Route } from "./+types/not-found";

// An unknown /admin address: signed in, it is the admin frame's "Page not found" (the layout's
// ErrorBoundary); signed out, the guard sends the visitor to sign in first, as everywhere.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "account.manage");
  throw data(null, { status: 404 });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requirePermission(request, context, "account.manage");
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
