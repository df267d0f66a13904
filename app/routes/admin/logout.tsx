import { redirect } from "react-router";
import { guardPublicForm, SAME_SITE_FORM } from "~/server/public-form.server";
import { signOut } from "~/features/auth/sign-in.service.server";
import { clearSessionCookie, readSessionToken } from "~/server/session.server";
import type { Route } from "./+types/logout";

// Sign out only by POST from this site; a GET (a link, a prefetch, an image) changes nothing.
export async function loader() {
  return redirect("/admin/dashboard");
}

export async function action({ request, context }: Route.ActionArgs) {
  await guardPublicForm(request, context, SAME_SITE_FORM);
  const token = await readSessionToken(request, context.config, "staff");
  await signOut(context.db, token, context.clientIp);
  return redirect("/admin/login", {
    headers: {
      "Set-Cookie": await clearSessionCookie(context.config, "staff"),
      "Cache-Control": "no-store",
    },
  });
}
