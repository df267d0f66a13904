import { data } from "react-router";
import { failureStatus } from "~/lib/result";
import type { AppContext } from "~/server/context";
import { addCleaner, uploadCleanerPhoto } from "./add-cleaner.service.server";
import type { AddCleanerAnswer } from "./add-cleaner-answer";
import { ADD_CLEANER_TEXT, PHOTO_INTENT } from "./cleaner-admin-copy";

// The cleaner directory's two posts (docs/product/back-office.md#add-new-cleaner): a photo, as
// soon as it is chosen, and the Add Cleaner form. The route has checked cleaners.manage.

type Context = Pick<AppContext, "db" | "config" | "logger">;

export async function directoryAction(form: FormData, context: Context) {
  const intent = form.get("intent");
  if (intent === PHOTO_INTENT) {
    const upload = await uploadCleanerPhoto(context.db, context.config, form);
    return data(upload.body, { status: upload.status });
  }
  if (intent !== "add") return data({ error: "Unknown action." }, { status: 400 });

  const answer = (body: Omit<AddCleanerAnswer, "intent">, status: number) =>
    data<AddCleanerAnswer>({ intent: "add", ...body }, { status });
  let result;
  try {
    result = await addCleaner(context.db, form);
  } catch (error) {
    context.logger.error({ err: error }, "cleaner not added");
    return answer({ formError: ADD_CLEANER_TEXT.failed }, 503);
  }
  if (result.ok) {
    const added = { id: result.cleanerId, name: result.name };
    return answer(
      { added, toast: { tone: "saved", title: ADD_CLEANER_TEXT.added(result.name) } },
      201,
    );
  }
  // The form's own checks answer 400 with what was typed, as the back office's forms do.
  if (result.values) return answer({ fieldErrors: result.fieldErrors, values: result.values }, 400);
  return answer({ fieldErrors: result.fieldErrors }, failureStatus(result.kind));
}
