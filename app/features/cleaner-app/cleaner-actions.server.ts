import { data, redirect } from "react-router";
import {
  answerLinkRequest,
  type LinkRequestAnswer,
} from "~/features/auth/magic-links.service.server";
import { failureStatus } from "~/lib/result";
import type { AppContext } from "~/server/context";
import { guardPublicForm, SAME_SITE_FORM, type PublicFormRules } from "~/server/public-form.server";
import { readSessionToken } from "~/server/session.server";
import { CLEANER_SIGN_IN_TEXT, CLEANER_VERIFY_TEXT } from "./cleaner-app-copy";
import { answerOfferInApp } from "./cleaner-jobs.service.server";
import {
  CLEANER_PRIVATE_HEADERS,
  CLEANER_SIGN_IN_PATH,
  requireCleaner,
  signOutCleaner,
} from "./cleaner-session.server";
import {
  requestCleanerSignInLink,
  signCleanerOutEverywhere,
  signInCleaner,
} from "./cleaner-sign-in.service.server";

// The posts of the cleaner's app (docs/decisions/0063-cleaner-app-sign-in.md), so each route
// stays one line. Every one passes the same-origin check before its body is read, as the
// customers' account posts do; the ones that act for a cleaner need their live session.

type Context = Pick<AppContext, "db" | "config" | "clientIp" | "logger">;

/**
 * Signing in or out empties what the browser and the app's service worker kept of the last
 * cleaner's pages, even without JavaScript (docs/decisions/0070-cleaner-time-off-and-working-pattern.md).
 */
const FORGET_CACHED_PAGES = { "Clear-Site-Data": '"cache", "storage"' } as const;

/** Asking for a link: the honeypot here, the limits in the service (per address and email). */
const SIGN_IN_FORM: PublicFormRules = { limit: "none", honeypot: true };

export type CleanerSignInActionData = LinkRequestAnswer;

/** /cleaner/sign-in: asks for a link; every email gets the same answer. */
export async function submitCleanerSignIn(request: Request, context: Context) {
  const { verdict, form } = await guardPublicForm(request, context, SIGN_IN_FORM);
  const email = String(form.get("email") ?? "");
  return answerLinkRequest(context, {
    email,
    bot: verdict === "bot",
    ask: () => requestCleanerSignInLink(context, { email }, { ip: context.clientIp }),
    text: CLEANER_SIGN_IN_TEXT,
    headers: CLEANER_PRIVATE_HEADERS,
  });
}

/** /cleaner/sign-in/verify: the button on the link's page uses the link and starts the session. */
export async function confirmCleanerSignIn(request: Request, context: Context) {
  const { form } = await guardPublicForm(request, context, SAME_SITE_FORM);
  const token = form.get("token");
  const result = await signInCleaner(context, typeof token === "string" ? token : "", {
    ip: context.clientIp,
    userAgent: request.headers.get("user-agent"),
    previousToken: await readSessionToken(request, context.config, "cleaner"),
  });
  if (result.status !== "signed-in") {
    return data(
      { error: CLEANER_VERIFY_TEXT.invalid },
      { status: failureStatus("gone"), headers: CLEANER_PRIVATE_HEADERS },
    );
  }
  return redirect("/cleaner", {
    headers: { "Set-Cookie": result.cookie, ...CLEANER_PRIVATE_HEADERS, ...FORGET_CACHED_PAGES },
  });
}

/** Sign out: POST only, so a link or a prefetch never signs anyone out. */
export async function cleanerSignOutAction(request: Request, context: Context) {
  await guardPublicForm(request, context, SAME_SITE_FORM);
  return redirect(`${CLEANER_SIGN_IN_PATH}?signedOut=1`, {
    headers: {
      "Set-Cookie": await signOutCleaner(request, context),
      ...CLEANER_PRIVATE_HEADERS,
      ...FORGET_CACHED_PAGES,
    },
  });
}

export type OfferAnswerActionData =
  | { ok: true; message: string }
  | { ok: false; message: string; assignmentId: string; fieldErrors?: Record<string, string> };

/** /cleaner: Accept or Decline one of the signed-in cleaner's offers. */
export async function submitOfferAnswer(request: Request, context: Context) {
  const { form } = await guardPublicForm(request, context, SAME_SITE_FORM);
  const cleaner = await requireCleaner(request, context);
  const input = Object.fromEntries(
    ["assignmentId", "answer", "reason"].map((key) => [key, form.get(key) ?? undefined]),
  );
  const result = await answerOfferInApp(context.db, cleaner.id, input, {
    publicUrl: context.config.publicUrl,
    ip: context.clientIp,
  });
  if (result.ok) return data<OfferAnswerActionData>({ ok: true, message: result.message });
  // Another cleaner's offer is answered as if it did not exist.
  if (result.kind === "not_found") throw data(null, { status: 404 });
  return data<OfferAnswerActionData>(
    {
      ok: false,
      message: result.message,
      assignmentId: String(input.assignmentId ?? ""),
      fieldErrors: result.fieldErrors,
    },
    { status: failureStatus(result.kind), headers: CLEANER_PRIVATE_HEADERS },
  );
}

/** "Sign out everywhere" on a cleaner's admin profile; the caller checked the permission. */
export async function submitAppSignOut(
  cleanerId: string | undefined,
  staffId: string,
  context: Context,
) {
  const result = await signCleanerOutEverywhere(context.db, cleanerId ?? "", {
    staffId,
    ip: context.clientIp || null,
  });
  if (!result.ok) {
    return data(
      { message: result.message, toast: { tone: "failed" as const, title: result.message } },
      { status: failureStatus(result.kind) },
    );
  }
  return data({
    message: result.message,
    toast: { tone: "saved" as const, title: result.message },
  });
}
