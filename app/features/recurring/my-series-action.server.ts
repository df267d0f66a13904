import type { Kysely } from "kysely";
import { data } from "react-router";
import { firstErrorPerField, type FieldErrors } from "~/lib/field-errors";
import { failure, failureStatus, type Result } from "~/lib/result";
import type { Database } from "~/server/database";
import { formatLongDate } from "~/lib/format";
import { SeriesChangeSchema, type SeriesChangeInput } from "./my-series.schema";
import {
  cancelSeries,
  changeFutureVisits,
  pauseSeries,
  rescheduleVisit,
  skipVisit,
  type SeriesActor,
  type SeriesChangeContext,
} from "./series-changes.service.server";

// A change posted from the regular cleans page (customer) or a lead's details (staff): parsed
// with its intent's schema, then the service decides. Answers what to show.

export type SeriesChangeAnswer = Result<{ message: string }, string> & { target?: string };

type Said = { staff: boolean; until?: string };

const DONE: Record<SeriesChangeInput["intent"], (said: Said) => string> = {
  skip: () => "That visit is skipped. Its crew has been told.",
  reschedule: () => "That visit is moved. Its crew has been told.",
  cancel: ({ staff }) =>
    `${staff ? "The" : "Your"} regular clean is cancelled. No more visits will be booked.`,
  pause: ({ until }) => `Paused. Visits start again on ${formatLongDate(until ?? "")}.`,
  change: ({ staff }) =>
    `Done. ${staff ? "The" : "Your"} visits from that date are booked on the new schedule.`,
};

export async function submitSeriesChange(
  db: Kysely<Database>,
  actor: SeriesActor,
  form: FormData,
  ctx: SeriesChangeContext,
): Promise<SeriesChangeAnswer> {
  const parsed = SeriesChangeSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const fieldErrors: FieldErrors<string> = firstErrorPerField(parsed.error);
    const message = Object.values(fieldErrors)[0] ?? "Please check the form.";
    return { ...failure("malformed", message, fieldErrors), target: targetOf(form) };
  }
  const input = parsed.data;
  const target = "occurrenceId" in input ? input.occurrenceId : input.seriesId;
  const result = await run(db, actor, input, ctx);
  if (!result.ok) return { ...result, target };
  const message = DONE[input.intent]({
    staff: actor.kind === "staff",
    until: input.intent === "pause" ? input.until : undefined,
  });
  return { ok: true, message, target };
}

function targetOf(form: FormData) {
  const value = form.get("occurrenceId") ?? form.get("seriesId");
  return typeof value === "string" ? value : undefined;
}

async function run(
  db: Kysely<Database>,
  actor: SeriesActor,
  input: SeriesChangeInput,
  ctx: SeriesChangeContext,
): Promise<Result<object, string>> {
  switch (input.intent) {
    case "skip":
      return skipVisit(db, { occurrenceId: input.occurrenceId, actor }, ctx);
    case "reschedule":
      return rescheduleVisit(db, { ...input, actor }, ctx);
    case "cancel":
      return cancelSeries(db, { seriesId: input.seriesId, actor }, ctx);
    case "pause":
      return pauseSeries(db, { seriesId: input.seriesId, until: input.until, actor }, ctx);
    case "change":
      return changeFutureVisits(db, { ...input, actor }, ctx);
  }
}

/**
 * The answer as the page's action returns it (its card shows the message), with its status; a
 * series or visit that is not there (or not the caller's) is a 404 thrown to the error boundary.
 */
export function seriesAnswerData(answer: SeriesChangeAnswer, headers?: HeadersInit) {
  if (!answer.ok && answer.kind === "not_found") {
    throw data({ error: answer.message }, { status: 404, headers });
  }
  const status = answer.ok ? 200 : failureStatus(answer.kind);
  const body = answer.ok
    ? { ok: true, message: answer.message, target: answer.target }
    : {
        ok: false,
        message: answer.message,
        target: answer.target,
        fieldErrors: answer.fieldErrors,
      };
  return data(body, { status, headers });
}
