import { LEAD_VIEW_COOKIE, LEAD_VIEWS, type LeadView } from "./leads";

// The list or board choice is remembered in a cookie (read on the server, so the page renders in
// the chosen view with no flash); ?view= in the URL sets it.

const YEAR_SECONDS = 365 * 24 * 60 * 60;

export function rememberedLeadView(request: Request): LeadView | undefined {
  const header = request.headers.get("cookie") ?? "";
  for (const part of header.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === LEAD_VIEW_COOKIE && (LEAD_VIEWS as readonly string[]).includes(value ?? "")) {
      return value as LeadView;
    }
  }
  return undefined;
}

export function leadViewCookie(view: LeadView, secure: boolean) {
  return `${LEAD_VIEW_COOKIE}=${view}; Path=/admin; Max-Age=${YEAR_SECONDS}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
