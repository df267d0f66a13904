import { data, redirect } from "react-router";
import type { AppContext } from "~/server/context";
import { readSessionToken } from "~/server/session.server";
import { getStaffSignInPolicy } from "~/features/settings/staff-sign-in.service.server";
import { can, type Permission } from "./permissions";
import { TWO_FACTOR_REQUIRED_TEXT, TWO_FACTOR_SETUP_PATH } from "./two-factor";
import { requireSameOrigin } from "~/server/request-origin.server";
import { findStaffUserById } from "./sessions.repository.server";
import { findLiveSession } from "./sessions.service.server";

type Context = Pick<AppContext, "db" | "config">;

/**
 * The staff member whose live session the request carries, or null. A session past its idle
 * (12 h) or absolute (7 days) limit is deleted on sight; a live one has last_seen_at moved on,
 * at most once a minute.
 */
export async function findStaffSession(request: Request, context: Context, now = new Date()) {
  const token = await readSessionToken(request, context.config, "staff");
  const session = await findLiveSession(context.db, "staff", token, now);
  if (!session) return null;
  const staff = await findStaffUserById(context.db, session.user_id);
  if (!staff) return null;
  return { staff, sessionId: session.id };
}

/**
 * The one guard of every /admin loader and action. Only a live staff session stored in the
 * database lets a request through; nothing the browser keeps (no local-storage flag) counts.
 * A mutation from another site is refused with 403 before anything else. Pages are redirected
 * to the sign-in screen; data requests and mutations get 401.
 */
export async function requireStaff(request: Request, context: Context) {
  requireSameOrigin(request, context.config);
  // The layout's loader and the page's run for one request: one lookup serves both.
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = findStaffSession(request, context);
    lookups.set(request, lookup);
  }
  const found = await lookup;
  if (found) return found;
  throw refuse(request);
}

/**
 * requireStaff plus the permission table: a signed-in member of staff whose role may not do
 * `permission` is refused with 403, which the admin layout shows inside its frame.
 */
export async function requirePermission(
  request: Request,
  context: Context,
  permission: Permission,
) {
  const found = await requireStaff(request, context);
  if (!can(found.staff.role, permission)) {
    throw data(
      { error: "Your account does not have access to this. Ask an owner if you need it." },
      { status: 403 },
    );
  }
  if (permission !== "account.manage") await requireTwoFactorIfAsked(request, context, found.staff);
  return found;
}

/**
 * docs/decisions/0045-password-changes-and-resets.md: when an owner requires two-factor sign-in,
 * a member without it may open only Your account (account.manage), where it is set up: pages
 * send them there, and every other post is refused.
 */
async function requireTwoFactorIfAsked(
  request: Request,
  context: Context,
  staff: { totp_enabled: number },
) {
  if (staff.totp_enabled === 1) return;
  if (!(await getStaffSignInPolicy(context.db)).requireTwoFactor) return;
  if (request.method === "GET" || request.method === "HEAD") {
    throw redirect(TWO_FACTOR_SETUP_PATH);
  }
  throw data({ error: TWO_FACTOR_REQUIRED_TEXT.refused }, { status: 403 });
}

const lookups = new WeakMap<Request, ReturnType<typeof findStaffSession>>();

/**
 * For admin pages that have nothing to change yet: a POST is still checked like any other
 * (401 without a session, 403 from another site or for a role without `permission`), then
 * answered 405.
 */
export async function refuseMutation(
  request: Request,
  context: Context,
  permission: Permission,
): Promise<never> {
  await requirePermission(request, context, permission);
  throw data({ error: "Nothing on this page can be changed this way." }, { status: 405 });
}

function refuse(request: Request) {
  const url = new URL(request.url);
  if (request.method === "GET" || request.method === "HEAD") {
    const back = url.pathname.replace(/\.data$/, "");
    return redirect(`/admin/login?redirectTo=${encodeURIComponent(back)}`);
  }
  return data({ error: "Sign in to continue." }, { status: 401 });
}
