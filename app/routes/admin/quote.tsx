import { data, Link } from "react-router";
import { EmptyState } from "~/components/kit/empty-state";
import { PageHeader } from "~/components/kit/page-header";
import { buttonClasses } from "~/components/ui/button";
import { requirePermission } from "~/features/auth/require-staff.server";
import { LeadDetailsView } from "~/features/leads/components/lead-details-view";
import { LEADS_TEXT } from "~/features/leads/leads";
import {
  getLeadDetailsForStaff,
  quoteDetailsAction,
} from "~/features/leads/quote-details-action.server";
import { adminMeta } from "~/features/seo/admin-meta";
import { readFormData } from "~/lib/http.server";
import type { Route } from "./+types/quote";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Quote details");

// /admin/quotes/{id}: the quote details as a page of their own (the dialog on /admin/quotes loads
// the same data from here), so a lead can be linked to from an email or another screen.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { staff } = await requirePermission(request, context, "leads.view");
  const lead = await getLeadDetailsForStaff(context, params.id, staff);
  return data({ lead }, lead ? 200 : 404);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { staff } = await requirePermission(request, context, "leads.manage");
  const form = await readFormData(request);
  return quoteDetailsAction(context, { quoteId: params.id, form, staff });
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
