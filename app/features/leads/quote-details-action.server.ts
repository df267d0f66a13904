import { data } from "react-router";
import { can } from "~/features/auth/permissions";
import { parseForm } from "~/lib/forms";
import { failureData } from "~/lib/result";
import type { AppContext } from "~/server/context";
import { bookingAction } from "./booking-action.server";
import { crewSizeAction } from "./crew-size-action.server";
import type { NotesResult } from "./components/lead-details-view";
import { runLeadAction } from "./lead-actions-action.server";
import { getLeadDetails, saveStaffNotes } from "./lead-details.service.server";
import { isLeadActionIntent } from "./lead-row-actions";
import { LEADS_TEXT, StaffNotesSchema } from "./leads";
import { sendQuoteAction } from "./send-quote-action.server";

type Staff = { id: string; role: string };

/** The details of /admin/quotes/{id} as the viewer sees them: Refund shows only to refunds.issue. */
export async function getLeadDetailsForStaff(context: AppContext, quoteId: string, staff: Staff) {
  const found = await getLeadDetails(context.db, quoteId);
  return found && { ...found, canRefund: can(staff.role, "refunds.issue") };
}

/**
 * /admin/quotes/{id}'s one action: each form in the details names its intent (Invoice, Request
 * review, Message, Complete job, Send quote, the crew size, the booking's Paid, Reschedule and
 * Cancel); a form without one is the staff notes, the original form of the page.
 */
export async function quoteDetailsAction(
  context: AppContext,
  input: { quoteId: string; form: FormData; staff: Staff },
) {
  const { quoteId, form, staff } = input;
  const actor = { type: "staff" as const, id: staff.id, ip: context.clientIp };
  const intent = form.get("intent");
  if (isLeadActionIntent(intent)) {
    return runLeadAction(intent, quoteId, form, {
      db: context.db,
      publicUrl: context.config.publicUrl,
      actor,
    });
  }
  switch (intent) {
    case "send-quote":
      return sendQuoteAction(context.db, {
        quoteId,
        form,
        actor,
        publicUrl: context.config.publicUrl,
      });
    case "crew-size":
      return crewSizeAction(context.db, { quoteId, form, staff, actor });
    case "booking-paid":
    case "booking-pay-on-the-day":
    case "booking-reschedule":
    case "booking-cancel":
      return bookingAction(context, { quoteId, form, staff, actor });
  }
  const parsed = parseForm(form, StaffNotesSchema);
  if (!parsed.ok) {
    return data<NotesResult>({ error: parsed.fieldErrors.notes ?? LEADS_TEXT.unknown }, 400);
  }
  const result = await saveStaffNotes(context.db, { quoteId, notes: parsed.value.notes, actor });
  if (!result.ok) return failureData(result, { error: result.message } as NotesResult);
  return data<NotesResult>({ saved: true, message: LEADS_TEXT.notesSaved });
}
