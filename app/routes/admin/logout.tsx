import { redirect } from "react-router";
import { requireSameOrigin } from "~/features/auth/request-origin.server";
import { signOut } from "~/features/auth/sign-in.service.server";
import { readSessionToken, sessionCookie } from "~/server/session.server";
import type { Route } from "./+types/logout";

// Sign out only by POST from this site; a GET (a link, a prefetch, an image) changes nothing.
export async function loader() {
  return redirect("/admin/dashboard");
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context.config);
  const token = await readSessionToken(request, context.config);
  await signOut(context.db, token, context.clientIp);
  return redirect("/admin/login", {
    headers: {
      "Set-Cookie": await sessionCookie(context.config).serialize("", { maxAge: 0 }),
      "Cache-Control": "no-store",
    },
  });
}
