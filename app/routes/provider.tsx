import { data } from "react-router";
import { pageMeta } from "~/components/site/meta";
import type { Route } from "./+types/provider";

// No cleaner profiles exist yet (D12: real, active cleaners only, added in a later issue), so
// every id is not found; the site layout's boundary shows the designed 404.
export function loader() {
  throw data(null, { status: 404 });
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "Our Cleaner", "A cleaner's public profile.");
}

// Never rendered: the loader always throws.
export default function Provider() {
  return null;
}
