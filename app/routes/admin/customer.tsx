import { data } from "react-router";
import { PageHeader } from "~/components/kit/page-header";
import { refuseMutation, requirePermission } from "~/features/auth/require-staff.server";
import { getCustomerProfile } from "~/features/customers/customer-admin.service.server";
import { CustomerProfileView } from "~/features/customers/components/customer-profile-view";
import { adminMeta } from "~/features/seo/admin-meta";
import type { Route } from "./+types/customer";

const CUSTOMER_NOT_FOUND = "Customer not found";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Customer");

// One customer's page: their bookings, payments, rewards points and messages (leads.view, as the
// customer list). An unknown id is a 404 that says so inside the frame.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "leads.view");
  const customer = await getCustomerProfile(context.db, params.id);
  if (!customer) throw data(CUSTOMER_NOT_FOUND, 404);
  return { customer };
}

export async function action({ request, context }: Route.ActionArgs) {
  return refuseMutation(request, context, "leads.view");
}

export default function Customer({ loaderData }: Route.ComponentProps) {
  const { customer } = loaderData;
  return (
    <>
      <PageHeader title={customer.name} intro="Customer" />
      <CustomerProfileView customer={customer} />
    </>
  );
}
