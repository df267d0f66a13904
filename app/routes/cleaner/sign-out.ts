import { redirect } from "react-router";
import { cleanerSignOutAction } from "~/features/cleaner-app/cleaner-actions.server";
import type { Route } from "./+types/sign-out";

// Signing out of the cleaner's app: a POST (the same-origin check first); a GET changes nothing.

export function loader() {
  return redirect("/cleaner");
}

export async function action({ request, context }: Route.ActionArgs) {
  return cleanerSignOutAction(request, context);
}
