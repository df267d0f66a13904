import { data, Link } from "react-router";
import { EmptyState } from "~/components/kit/empty-state";
import { PageHeader } from "~/components/kit/page-header";
import { buttonClasses } from "~/components/ui/button";
import { requirePermission } from "~/features/auth/require-staff.server";
import { LeadDetailsView, type NotesResult } from "~/features/leads/components/lead-details-view";
import { getLeadDetails, saveStaffNotes } from "~/features/leads/lead-details.service.server";
import { runLeadAction } from "~/features/leads/lead-actions-action.server";
import { isLeadActionIntent } from "~/features/leads/lead-row-actions";
import { LEADS_TEXT, StaffNotesSchema } from "~/features/leads/leads";
import { adminMeta } from "~/features/seo/admin-meta";
import { parseForm } from "~/lib/forms";
import { readFormData } from "~/lib/http.server";
import type { Route } from "./+types/quote";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Quote details");

// /admin/quotes/{id}: the quote details as a page of their own (the dialog on /admin/quotes loads
// the same data from here), so a lead can be linked to from an email or another screen.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, "leads.view");
  const lead = await getLeadDetails(context.db, params.id);
  return data({ lead }, lead ? 200 : 404);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { staff } = await requirePermission(request, context, "leads.manage");
  const form = await readFormData(request);
  // Invoice, Request review, Message and Complete job post an intent; the notes form posts "notes".
  const intent = form.get("intent");
  if (isLeadActionIntent(intent)) {
    return runLeadAction(intent, params.id, form, {
      db: context.db,
      publicUrl: context.config.publicUrl,
      actor: { type: "staff", id: staff.id, ip: context.clientIp },
    });
  }
  const parsed = parseForm(form, StaffNotesSchema);
  if (!parsed.ok) {
    return data<NotesResult>({ error: parsed.fieldErrors.notes ?? LEADS_TEXT.unknown }, 400);
  }
  const result = await saveStaffNotes(context.db, {
    quoteId: params.id,
    notes: parsed.value.notes,
    actor: { type: "staff", id: staff.id, ip: context.clientIp },
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
