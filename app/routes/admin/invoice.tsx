import { data, Link } from "react-router";
import { EmptyState } from "~/components/kit/empty-state";
import { PageHeader } from "~/components/kit/page-header";
import { buttonClasses } from "~/components/ui/button";
import { refuseMutation, requirePermission } from "~/features/auth/require-staff.server";
import { InvoiceDocument, PrintButton } from "~/features/invoices/components/invoice-document";
import { INVOICE_TEXT } from "~/features/invoices/invoice";
import { getInvoice } from "~/features/invoices/invoice.service.server";
import { adminMeta } from "~/features/seo/admin-meta";
import type { Route } from "./+types/invoice";

export const meta: Route.MetaFunction = (args) =>
  adminMeta(args, args.data?.invoice ? `Invoice ${args.data.invoice.number}` : "Invoice");

// /admin/invoices/{id}: an issued tax invoice, ready to print (the frame is hidden in print).
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, "leads.view");
  const invoice = await getInvoice(context.db, params.id);
  return data({ invoice }, invoice ? 200 : 404);
}

// The page changes nothing: a post is refused the same way for everyone (405 once allowed in).
export async function action({ request, context }: Route.ActionArgs) {
  return refuseMutation(request, context, "leads.view");
}

export default function InvoicePage({ loaderData }: Route.ComponentProps) {
  const { invoice } = loaderData;
  return (
    <>
      <div className="print:hidden">
        <PageHeader
          title={invoice ? `Invoice ${invoice.number}` : "Invoice"}
          actions={
            <div className="flex flex-wrap gap-2">
              {invoice && <PrintButton />}
              <Link
                to={invoice ? `/admin/quotes/${invoice.quoteId}` : "/admin/quotes"}
                className={buttonClasses("outline", "dark:border-ivory/40 dark:text-ivory")}
              >
                Back to the lead
              </Link>
            </div>
          }
        />
      </div>
      {invoice ? (
        <InvoiceDocument invoice={invoice} />
      ) : (
        <EmptyState title={INVOICE_TEXT.notFound}>
          <Link to="/admin/quotes" className="underline">
            Back to leads
          </Link>
        </EmptyState>
      )}
    </>
  );
}
