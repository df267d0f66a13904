import { data, redirect } from "react-router";
import { z } from "zod";
import { failureStatus } from "~/lib/result";
import type { AppContext } from "~/server/context";
import { guardPublicForm, SAME_SITE_FORM } from "~/server/public-form.server";
import { checkPayLinkToken } from "./pay-link.server";
import { PAY_LINK_COPY, SAVED_CARD_COPY } from "./saved-card-copy";
import {
  completeCardSetup,
  removeSavedCard,
  saveTestCard,
  startCardSetup,
} from "./saved-cards.service.server";
import { TEST_TOKENS } from "./test-cards";

// POST /profile/card and the way back from Stripe's setup page, and GET /pay-link
// (docs/decisions/0074-saved-cards-and-off-session-charges.md). The session, never a form field,
// says whose card it is.

type Context = Pick<AppContext, "db" | "config" | "clientIp">;

const RETURN_PATH = "/profile/card";

export const SavedCardIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save-test"), token: z.enum(TEST_TOKENS) }),
  z.object({ intent: z.literal("setup") }),
  z.object({ intent: z.literal("remove") }),
]);

/** The signed-in customer, found by the route (the customers feature owns sessions). */
export type CardHolder = { id: string; email: string; name: string | null } | null;

function signedIn(customer: CardHolder) {
  if (!customer) throw data({ error: SAVED_CARD_COPY.notSignedIn }, { status: 401 });
  return customer;
}

export async function savedCardAction(
  request: Request,
  context: Context,
  findCustomer: () => Promise<CardHolder>,
) {
  const { form } = await guardPublicForm(request, context, SAME_SITE_FORM);
  const customer = signedIn(await findCustomer());
  const parsed = SavedCardIntentSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return data({ error: SAVED_CARD_COPY.notSaved }, { status: failureStatus("malformed") });
  }
  const ctx = { config: context.config };
  if (parsed.data.intent === "remove") {
    await removeSavedCard(context.db, customer.id, ctx);
    return redirect("/profile?card=removed", 303);
  }
  if (parsed.data.intent === "setup") {
    const started = await startCardSetup(
      context.db,
      {
        customerId: customer.id,
        email: customer.email,
        name: customer.name ?? customer.email,
        returnTo: RETURN_PATH,
      },
      ctx,
    );
    if (!started.ok)
      return data({ error: started.message }, { status: failureStatus(started.kind) });
    return redirect(started.url, 303);
  }
  // A test card has any future expiry, as Stripe's do: the end of the year three years on.
  const expYear = new Date().getFullYear() + 3;
  const token = parsed.data.token;
  const saved = await saveTestCard(
    context.db,
    { customerId: customer.id, token, expMonth: 12, expYear },
    ctx,
  );
  if (!saved.ok) return data({ error: saved.message }, { status: failureStatus(saved.kind) });
  return redirect("/profile?card=saved", 303);
}

/** Stripe sends the customer back here: the card is stored (if the webhook was not first). */
export async function savedCardReturn(
  request: Request,
  context: Context,
  findCustomer: () => Promise<CardHolder>,
) {
  const sessionId = new URL(request.url).searchParams.get("session_id");
  if (!sessionId || sessionId.length > 200) return redirect("/profile");
  const customer = signedIn(await findCustomer());
  const done = await completeCardSetup(
    context.db,
    { sessionId, customerId: customer.id },
    { config: context.config },
  );
  return redirect(done ? "/profile?card=saved" : "/profile");
}

/** GET /pay-link?t=: a signed, unexpired link opens its booking's payment page. */
export function followPayLink(request: Request, context: Pick<AppContext, "config">) {
  const token = new URL(request.url).searchParams.get("t") ?? "";
  const checked = checkPayLinkToken(context.config.sessionSecret, token, new Date());
  if (checked.ok) return redirect(`/payment?ref=${encodeURIComponent(checked.reference)}`);
  if (checked.reason === "expired") {
    throw data({ error: PAY_LINK_COPY.expired }, { status: failureStatus("gone") });
  }
  throw data({ error: PAY_LINK_COPY.invalid }, { status: failureStatus("not_found") });
}
