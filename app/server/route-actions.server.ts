import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

// Which paths take a POST. React Router answers a post to a route without an action with 405
// and reports it as a server error, so anyone could flood the error log through /about or
// /robots.txt. Knowing the built route table, the request screen answers those itself: a quiet
// 405 with Allow, like any other method the app does not take.

type Manifest = ServerBuild["routes"];

/** The built route table as the nested route objects React Router matches. */
export function routeTree(manifest: Manifest, parentId: string | undefined): RouteObject[] {
  return Object.values(manifest)
    .filter((route) => route?.parentId === parentId)
    .map((route) => {
      const { id, path, caseSensitive } = route!;
      return route!.index
        ? { id, path, caseSensitive, index: true }
        : { id, path, caseSensitive, children: routeTree(manifest, id) };
    });
}

/**
 * The path React Router routes a post to: single-fetch posts go to `/path.data` (the home page's
 * to `/_root.data`).
 */
function routedPathOf(pathname: string) {
  if (!pathname.endsWith(".data")) return pathname;
  const path = pathname.slice(0, -".data".length);
  return path === "/_root" ? "/" : path;
}

/**
 * Whether a post to this path reaches an action. As React Router picks it: the deepest matching
 * route, except that an index route takes a post only when the URL says `?index`; otherwise its
 * parent layout does.
 */
export function actionTaker(build: Pick<ServerBuild, "routes">) {
  const tree = routeTree(build.routes, undefined);
  // matchRoutes ranks the whole route table on every call, and every post asks: each answer is
  // kept. Paths are the client's to choose, so the table starts afresh once it holds too many.
  const known = new Map<string, boolean>();
  return (pathname: string, search: string) => {
    const namedIndex = new URLSearchParams(search).getAll("index").some((value) => value === "");
    const key = `${namedIndex ? "index" : ""}:${pathname}`;
    const kept = known.get(key);
    if (kept !== undefined) return kept;
    const takes = takesPost(tree, build, pathname, namedIndex);
    if (known.size >= MOST_PATHS_KEPT) known.clear();
    known.set(key, takes);
    return takes;
  };
}

const MOST_PATHS_KEPT = 1000;

function takesPost(
  tree: RouteObject[],
  build: Pick<ServerBuild, "routes">,
  pathname: string,
  namedIndex: boolean,
) {
  const matches = matchRoutes(tree, routedPathOf(pathname));
  if (!matches || matches.length === 0) return true; // a 404 page, which React Router answers
  const last = matches[matches.length - 1]!;
  const target = last.route.index && !namedIndex ? matches[matches.length - 2] : last;
  return Boolean(target && build.routes[target.route.id!]?.module.action);
}
