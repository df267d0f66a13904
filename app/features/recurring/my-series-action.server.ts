import type { Kysely } from "kysely";
import { firstErrorPerField, type FieldErrors } from "~/lib/field-errors";
import { failure, type Result } from "~/lib/result";
import type { Database } from "~/server/database";
import { formatLongDate } from "~/lib/format";
import { SeriesChangeSchema, type SeriesChangeInput } from "./my-series.schema";
import {
  cancelSeries,
  changeFutureVisits,
  pauseSeries,
  skipVisit,
  type SeriesActor,
  type SeriesChangeContext,
} from "./series-changes.service.server";

// A change posted from the regular cleans page (customer) or a lead's details (staff): parsed
// with its intent's schema, then the service decides. Answers what to show.

export type SeriesChangeAnswer = Result<{ message: string }, string> & { target?: string };

const DONE = {
  skip: () => "That visit is skipped. Its crew has been told.",
  cancel: () => "Your regular clean is cancelled. No more visits will be booked.",
  pause: (input: Extract<SeriesChangeInput, { intent: "pause" }>) =>
    `Paused. Visits start again on ${formatLongDate(input.until)}.`,
  change: () => "Done. Your visits from that date are booked on the new schedule.",
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
  const target = input.intent === "skip" ? input.occurrenceId : input.seriesId;
  const result = await run(db, actor, input, ctx);
  if (!result.ok) return { ...result, target };
  const message = input.intent === "pause" ? DONE.pause(input) : DONE[input.intent]();
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
    case "cancel":
      return cancelSeries(db, { seriesId: input.seriesId, actor }, ctx);
    case "pause":
      return pauseSeries(db, { seriesId: input.seriesId, until: input.until, actor }, ctx);
    case "change":
      return changeFutureVisits(db, { ...input, actor }, ctx);
  }
}
