import { data } from "react-router";
import { ErrorPage } from "~/components/site/error-page";
import { pageMeta } from "~/features/seo/page-meta";
import type { Route } from "./+types/not-found";

// Any URL no route claims: a real 404 status with the designed page, inside the site layout.
export function loader() {
  throw data(null, { status: 404 });
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "Page not found", "The page you asked for could not be found.");
}

export default function NotFound() {
  return <ErrorPage status={404} />;
}

export function ErrorBoundary() {
  return <ErrorPage status={404} />;
}
