import { useLocation } from "react-router";
import { ErrorState } from "~/components/kit/error-state";
import { PageHeader } from "~/components/kit/page-header";
import { refuseMutation, requirePermission } from "~/features/auth/require-staff.server";
import { listCustomers } from "~/features/customers/customer-admin.service.server";
import { CustomerSearch, CustomersTable } from "~/features/customers/components/customers-table";
import { adminMeta } from "~/features/seo/admin-meta";
import type { Route } from "./+types/customers";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Customers");

// The customers with an account, newest first, searched by name, email or phone. Whoever sees
// leads sees customers (leads.view): the same people.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "leads.view");
  try {
    return {
      page: await listCustomers(context.db, new URL(request.url).searchParams),
      error: null,
    };
  } catch (error) {
    context.logger.error({ err: error }, "customers not loaded");
    return { page: null, error: "Failed to load customers" };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  return refuseMutation(request, context, "leads.view");
}

export default function Customers({ loaderData }: Route.ComponentProps) {
  const { page, error } = loaderData;
  const params = new URLSearchParams(useLocation().search);
  return (
    <>
      <PageHeader
        title="Customers"
        intro="Everyone with an account: open one to see their bookings, payments, rewards and messages."
      />
      <CustomerSearch q={page?.q ?? null} />
      {error || !page ? (
        <ErrorState title={error ?? "Failed to load customers"} />
      ) : (
        <CustomersTable
          customers={page.customers}
          params={params}
          next={page.next}
          searched={page.q !== null}
        />
      )}
    </>
  );
}
