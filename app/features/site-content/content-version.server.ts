// TODO(issue 12): the content version moved to app/server/content-version.repository.server.ts,
// so settings can bump it without importing site-content. The demo seed still imports this path
// (held back while the seed is changed elsewhere); point it at the new module, then delete this.
export { bumpContentVersion, readContentVersion } from "~/server/content-version.repository.server";
