import { data, redirect } from "react-router";
import { findSignedInCustomer } from "~/features/customers/customer-session.server";
import { getCustomerProfile } from "~/features/customers/profile.service.server";
import { saveSmsChoice } from "~/features/sms/sms.service.server";
import { guardPublicForm, SAME_SITE_FORM } from "~/server/public-form.server";
import type { Route } from "./+types/profile-text-messages";

// POST /profile/text-messages (docs/decisions/0076-sms-beside-email.md): a signed-in customer
// opts their profile's mobile in or out of texts; the session, not a form field, says whose.
// Back to their details page, which says it was saved.
export async function action({ request, context }: Route.ActionArgs) {
  const { form } = await guardPublicForm(request, context, SAME_SITE_FORM);
  const customer = await findSignedInCustomer(request, context);
  if (!customer) throw data({ error: "Sign in to continue." }, { status: 401 });
  const profile = await getCustomerProfile(context.db, customer.id);
  const optedIn = form.get("optedIn") === "on";
  await saveSmsChoice(context.db, { phone: profile?.phone ?? null, optedIn, source: "profile" });
  return redirect(`/profile/details?sms=${optedIn ? "on" : "off"}`, 303);
}

export function loader() {
  return redirect("/profile/details");
}
