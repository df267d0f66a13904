import { data, redirect } from "react-router";
import { z } from "zod";
import { failureStatus } from "~/lib/result";
import type { AppContext } from "~/server/context";
import { guardPublicForm, TOO_MANY_SUBMISSIONS } from "~/server/public-form.server";
import { PAYMENT_FORM } from "./payment-action.server";
import { SAVED_CARD_COPY } from "./saved-card-copy";
import { completeSeriesCardSetup, saveSeriesCard } from "./series-card.service.server";
import { TEST_TOKENS } from "./test-cards";

// POST /payment-success?ref= (docs/decisions/0093-save-a-card-after-the-first-visit.md): the
// customer who just paid a regular clean's first visit keeps a card for the later ones. Counted
// against the payment form's limits: it takes test cards as Pay Now does.

type Context = Pick<AppContext, "db" | "config" | "clientIp">;

export type SeriesCardActionData = { error: string };

const SeriesCardSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save-test"), token: z.enum(TEST_TOKENS) }),
  z.object({ intent: z.literal("setup") }),
]);

const successPage = (reference: string, card?: "saved") =>
  `/payment-success?ref=${encodeURIComponent(reference)}${card ? "&card=saved" : ""}`;

export async function seriesCardAction(request: Request, context: Context) {
  const reference = new URL(request.url).searchParams.get("ref") ?? "";
  const guarded = await guardPublicForm(request, context, PAYMENT_FORM);
  if (guarded.verdict === "limited") {
    return data<SeriesCardActionData>({ error: TOO_MANY_SUBMISSIONS }, { status: 429 });
  }
  if (guarded.verdict !== "accepted") {
    return data<SeriesCardActionData>({ error: SAVED_CARD_COPY.notSaved }, { status: 503 });
  }
  const parsed = SeriesCardSchema.safeParse(Object.fromEntries(guarded.form));
  if (!parsed.success) {
    return data<SeriesCardActionData>(
      { error: SAVED_CARD_COPY.notSaved },
      { status: failureStatus("malformed") },
    );
  }
  const saved = await saveSeriesCard(
    context.db,
    { reference, choice: parsed.data },
    { config: context.config },
  );
  if (!saved.ok) {
    return data<SeriesCardActionData>(
      { error: saved.message },
      { status: failureStatus(saved.kind) },
    );
  }
  return redirect(saved.url ?? successPage(reference, "saved"), 303);
}

/** Back from Stripe's setup page: store the card, then show the page without the session id. */
export async function seriesCardReturn(request: Request, context: Context) {
  const url = new URL(request.url);
  const sessionId = url.searchParams.get("session_id");
  if (!sessionId) return null;
  const reference = url.searchParams.get("ref");
  const done = await completeSeriesCardSetup(
    context.db,
    { reference, sessionId },
    { config: context.config },
  );
  return redirect(successPage(reference ?? "", done ? "saved" : undefined));
}
