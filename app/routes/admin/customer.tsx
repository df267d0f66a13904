import { data } from "react-router";
import { PageHeader } from "~/components/kit/page-header";
import { requirePermission } from "~/features/auth/require-staff.server";
import { earliestBookingDate } from "~/features/bookings/booking-rules";
import { getCustomerProfile } from "~/features/customers/customer-admin.service.server";
import { CustomerProfileView } from "~/features/customers/components/customer-profile-view";
import { StaffSeriesSection } from "~/features/recurring/components/staff-series-section";
import { staffSeriesAction } from "~/features/recurring/staff-series-action.server";
import { listCustomerSeries } from "~/features/recurring/series.service.server";
import { adminMeta } from "~/features/seo/admin-meta";
import { readFormData } from "~/lib/http.server";
import type { Route } from "./+types/customer";

const CUSTOMER_NOT_FOUND = "Customer not found";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Customer");

// One customer's page: their bookings, payments, rewards points, regular cleans and messages
// (leads.view, as the customer list). An unknown id is a 404 that says so inside the frame.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "leads.view");
  const customer = await getCustomerProfile(context.db, params.id);
  if (!customer) throw data(CUSTOMER_NOT_FOUND, 404);
  const now = new Date();
  const series = await listCustomerSeries(context.db, params.id, now);
  return { customer, series, earliestDate: earliestBookingDate(now) };
}

// Changes to the customer's regular cleans (skip or move a visit, change all future visits,
// pause, cancel): bookings.manage, as every change of a booking.
export async function action({ request, params, context }: Route.ActionArgs) {
  const { staff } = await requirePermission(request, context, "bookings.manage");
  const form = await readFormData(request);
  return staffSeriesAction(context, { customerId: params.id, staffUserId: staff.id, form });
}

export default function Customer({ loaderData, actionData }: Route.ComponentProps) {
  const { customer, series, earliestDate } = loaderData;
  return (
    <>
      <PageHeader title={customer.name} intro="Customer" />
      <CustomerProfileView
        customer={customer}
        series={
          <StaffSeriesSection series={series} earliestDate={earliestDate} answer={actionData} />
        }
      />
    </>
  );
}
