import { data, Link } from "react-router";
import { EmptyState } from "~/components/kit/empty-state";
import { PageHeader } from "~/components/kit/page-header";
import { buttonClasses } from "~/components/ui/button";
import { can } from "~/features/auth/permissions";
import { requirePermission } from "~/features/auth/require-staff.server";
import { LeadDetailsView, type NotesResult } from "~/features/leads/components/lead-details-view";
import { getLeadDetails, saveStaffNotes } from "~/features/leads/lead-details.service.server";
import { runLeadAction } from "~/features/leads/lead-actions-action.server";
import { isLeadActionIntent } from "~/features/leads/lead-row-actions";
import { LEADS_TEXT, StaffNotesSchema } from "~/features/leads/leads";
import { bookingAction } from "~/features/leads/booking-action.server";
import { sendQuoteAction } from "~/features/leads/send-quote-action.server";
import { adminMeta } from "~/features/seo/admin-meta";
import { parseForm } from "~/lib/forms";
import { readFormData } from "~/lib/http.server";
import type { Route } from "./+types/quote";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Quote details");

// /admin/quotes/{id}: the quote details as a page of their own (the dialog on /admin/quotes loads
// the same data from here), so a lead can be linked to from an email or another screen.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { staff } = await requirePermission(request, context, "leads.view");
  const found = await getLeadDetails(context.db, params.id);
  const lead = found && { ...found, canRefund: can(staff.role, "refunds.issue") };
  return data({ lead }, lead ? 200 : 404);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { staff } = await requirePermission(request, context, "leads.manage");
  const form = await readFormData(request);
  const actor = { type: "staff" as const, id: staff.id, ip: context.clientIp };
  // Each form in the details names its intent; "notes" (the staff notes) is the original one.
  const intent = form.get("intent");
  if (isLeadActionIntent(intent)) {
    // Invoice, Request review, Message and Complete job.
    return runLeadAction(intent, params.id, form, {
      db: context.db,
      publicUrl: context.config.publicUrl,
      actor,
    });
  }
  switch (intent) {
    case "send-quote":
      return sendQuoteAction(context.db, {
        quoteId: params.id,
        form,
        actor,
        publicUrl: context.config.publicUrl,
      });
    case "booking-paid":
    case "booking-reschedule":
    case "booking-cancel":
      return bookingAction(context, { quoteId: params.id, form, staff, actor });
  }
  const parsed = parseForm(form, StaffNotesSchema);
  if (!parsed.ok) {
    return data<NotesResult>({ error: parsed.fieldErrors.notes ?? LEADS_TEXT.unknown }, 400);
  }
  const result = await saveStaffNotes(context.db, {
    quoteId: params.id,
    notes: parsed.value.notes,
    actor,
  });
  if (result === "not-found") return data<NotesResult>({ error: LEADS_TEXT.notFound }, 404);
  return data<NotesResult>({ saved: true, message: LEADS_TEXT.notesSaved });
}

export default function QuoteDetails({ loaderData }: Route.ComponentProps) {
  const { lead } = loaderData;
  return (
    <>
      <PageHeader
        title={lead ? `Quote details: ${lead.client.name}` : "Quote details"}
        actions={
          <Link to="/admin/quotes" className={buttonClasses("ink", "dark:bg-gold dark:text-ink")}>
            Close
          </Link>
        }
      />
      {lead ? (
        <div className="max-w-3xl rounded-lg border border-line bg-white p-5 sm:p-6 dark:border-ivory/10 dark:bg-ink-raised">
          <LeadDetailsView lead={lead} />
        </div>
      ) : (
        <EmptyState title={LEADS_TEXT.notFound}>
          <Link to="/admin/quotes" className="underline">
            Back to leads
          </Link>
        </EmptyState>
      )}
    </>
  );
}
