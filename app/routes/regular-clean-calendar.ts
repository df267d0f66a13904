import { data } from "react-router";
import {
  findSignedInCustomer,
  PRIVATE_HEADERS,
} from "~/features/customers/customer-session.server";
import { calendarOfSeries } from "~/features/recurring/series.service.server";
import type { Route } from "./+types/regular-clean-calendar";

// The signed-in customer's regular clean as one recurring calendar event
// (docs/decisions/0073-series-occurrences-are-bookings.md); anyone else's reads as missing.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const customer = await findSignedInCustomer(request, context);
  if (!customer) throw data({ error: "Sign in to continue." }, { status: 401 });
  const file = await calendarOfSeries(context.db, params.seriesId, customer.id);
  if (!file) throw data({ error: "Not found" }, { status: 404, headers: PRIVATE_HEADERS });
  return new Response(file.content, {
    headers: {
      ...PRIVATE_HEADERS,
      "content-type": file.contentType,
      "content-disposition": `attachment; filename="${file.filename}"`,
    },
  });
}
