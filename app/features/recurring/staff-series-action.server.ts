import type { AppContext } from "~/server/context";
import { seriesAnswerData, submitSeriesChange } from "./my-series-action.server";

/**
 * A change staff post from a customer's back-office page (docs/decisions/0073-series-occurrences-are-bookings.md):
 * the same forms and services as the customer's own page, as staff (any visit, at any time),
 * limited to that customer's series so a page never changes another customer's.
 */
export async function staffSeriesAction(
  context: Pick<AppContext, "db" | "config">,
  input: { customerId: string; staffUserId: string; form: FormData },
) {
  const answer = await submitSeriesChange(
    context.db,
    { kind: "staff", staffUserId: input.staffUserId, customerId: input.customerId },
    input.form,
    { publicUrl: context.config.publicUrl },
  );
  return seriesAnswerData(answer);
}
