import { data } from "react-router";
import {
  AssignCleanerSchema,
  AssignOptionsQuerySchema,
  type AssignField,
  type AssignResult,
} from "~/features/assignments/assignments";
import { assignCleaner, getAssignOptions } from "~/features/assignments/assignments.service.server";
import { requirePermission } from "~/features/auth/require-staff.server";
import { parseForm } from "~/lib/forms";
import { readFormData } from "~/lib/http.server";
import { failure, failureData, fieldFailure } from "~/lib/result";
import type { Route } from "./+types/assign-cleaner";

// The Assign Cleaner panel's data and its save (docs/decisions/0013-cleaner-assignments.md), as a
// resource route so the list, the board and the details page share one panel.
// GET ?quote=&date=&slot=: the lead's prefill and the cleaners, each free or not at that time.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "assignments.manage");
  const query = AssignOptionsQuerySchema.parse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  return getAssignOptions(context.db, query);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { staff } = await requirePermission(request, context, "assignments.manage");
  const form = await readFormData(request);
  const parsed = parseForm(form, AssignCleanerSchema);
  if (!parsed.ok) {
    const [field, message = "That request was not understood."] =
      Object.entries(parsed.fieldErrors)[0] ?? [];
    const known = field === "quoteId" ? undefined : (field as AssignField | undefined);
    // A form the panel would not send: a bad request, not a refusal of the offer.
    return data<AssignResult>(
      known ? fieldFailure("invalid", known, message) : failure("invalid", message),
      400,
    );
  }
  const result = await assignCleaner(context.db, parsed.value, {
    actor: { type: "staff", id: staff.id, ip: context.clientIp },
    publicUrl: context.config.publicUrl,
  });
  if (!result.ok) return failureData<AssignResult>(result, result);
  return data<AssignResult>({ ok: true, message: result.message });
}
