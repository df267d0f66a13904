import { data } from "react-router";
import {
  checkIn,
  markOnMyWay,
  reportProblem,
  tickChecklistItem,
} from "~/features/job-visits/job-visit-steps.service.server";
import { addJobPhoto, deleteJobPhoto } from "~/features/job-visits/job-photos.service.server";
import type { VisitAnswer } from "~/features/job-visits/job-visits";
import { photoFileOf } from "~/features/uploads/uploads.service.server";
import { failure, failureStatus } from "~/lib/result";
import type { AppContext } from "~/server/context";
import { guardPublicForm, SAME_SITE_FORM } from "~/server/public-form.server";
import { CLEANER_PRIVATE_HEADERS, requireCleaner } from "./cleaner-session.server";
import { checkOutAndComplete } from "./job-check-out.service.server";

// The posts of a job's page in the cleaner's app (docs/decisions/0068-job-visits.md): one
// intent per step, each for the session's own seat. Another cleaner's seat, or a made-up id,
// is answered 404 as if it did not exist.

type Context = Pick<AppContext, "db" | "config" | "clientIp" | "logger">;

export type JobVisitActionData = VisitAnswer;

const STEPS = {
  "on-my-way": markOnMyWay,
  "check-in": checkIn,
  tick: tickChecklistItem,
  problem: reportProblem,
  "check-out": checkOutAndComplete,
} as const;

/**
 * A job's photos (docs/decisions/0087-job-photos-and-on-my-way-texts.md): the same page's posts,
 * a multipart form for a new photo, so they work before the page's script has loaded.
 */
const PHOTO_STEPS = {
  photo: async (context: Context, cleanerId: string, assignmentId: string, form: FormData) => {
    const photo = photoFileOf(form);
    if ("error" in photo) {
      return failure("malformed", photo.error, { photo: photo.error });
    }
    const file = photo.file ? { bytes: Buffer.from(await photo.file.arrayBuffer()) } : null;
    return addJobPhoto(
      context.db,
      context.config,
      cleanerId,
      assignmentId,
      { values: stringValues(form), file },
      { ip: context.clientIp || null },
    );
  },
  "photo-delete": (context: Context, cleanerId: string, assignmentId: string, form: FormData) =>
    deleteJobPhoto(context.db, context.config, cleanerId, assignmentId, stringValues(form), {
      ip: context.clientIp || null,
    }),
} as const;

function stringValues(form: FormData) {
  return Object.fromEntries(
    [...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}

export async function submitJobVisitStep(request: Request, context: Context, assignmentId: string) {
  const { form } = await guardPublicForm(request, context, SAME_SITE_FORM);
  const cleaner = await requireCleaner(request, context);
  const intent = String(form.get("intent") ?? "");
  const step = STEPS[intent as keyof typeof STEPS];
  const photoStep = PHOTO_STEPS[intent as keyof typeof PHOTO_STEPS];
  if (!step && !photoStep) {
    return data<JobVisitActionData>(
      { ok: false, intent, message: "Unknown request." },
      { status: failureStatus("malformed"), headers: CLEANER_PRIVATE_HEADERS },
    );
  }
  const result = photoStep
    ? await photoStep(context, cleaner.id, assignmentId, form)
    : await step(context.db, cleaner.id, assignmentId, stringValues(form), {
        publicUrl: context.config.publicUrl,
        ip: context.clientIp || null,
        twilio: context.config.twilio,
      });
  if (result.ok) {
    return data<JobVisitActionData>(
      { ok: true, intent, message: result.message },
      { headers: CLEANER_PRIVATE_HEADERS },
    );
  }
  if (result.kind === "not_found") throw data(null, { status: 404 });
  return data<JobVisitActionData>(
    { ok: false, intent, message: result.message, fieldErrors: result.fieldErrors },
    { status: failureStatus(result.kind), headers: CLEANER_PRIVATE_HEADERS },
  );
}
