import { readFormData } from "~/lib/http.server";
import { failureData } from "~/lib/result";
import { STAFF_REDIRECTS, safeRedirect } from "~/lib/safe-redirect";
import { data, redirect, useLocation } from "react-router";
import { adminMeta } from "~/features/seo/admin-meta";
import { pageHref } from "~/components/kit/keyset";
import { PageHeader } from "~/components/kit/page-header";
import { requirePermission } from "~/features/auth/require-staff.server";
import {
  DeliveryLogTable,
  type RedeliverResult,
} from "~/features/outbox/components/delivery-log-table";
import { DeliveryFilters } from "~/features/outbox/components/delivery-filters";
import { DeliveryFilterSchema, REDELIVER_TEXT } from "~/features/outbox/delivery-log";
import { getDeliveryLog, redeliverAsStaff } from "~/features/outbox/delivery-log.server";
import { dismissDeliveryBanner } from "~/features/outbox/delivery-banner.server";
import type { Route } from "./+types/deliveries";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Deliveries");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "deliveries.manage");
  const url = new URL(request.url);
  const filter = DeliveryFilterSchema.parse(Object.fromEntries(url.searchParams));
  const log = await getDeliveryLog(context.db, filter);
  return { ...log, filter };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { staff } = await requirePermission(request, context, "deliveries.manage");
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  if (intent === "dismiss-banner") {
    // The banner's Dismiss, posted from any admin page: hide it for this staff member, go back.
    await dismissDeliveryBanner(context.db, staff.id);
    return redirect(safeRedirect(form.get("returnTo"), STAFF_REDIRECTS, "/admin/deliveries"));
  }
  const id = String(form.get("id") ?? "");
  if (intent !== "redeliver" || !id) {
    return data<RedeliverResult>({ id, error: "Unknown request." }, 400);
  }
  const outcome = await redeliverAsStaff(context.db, id, {
    staffId: staff.id,
    ip: context.clientIp,
  });
  if (!outcome.ok) return failureData(outcome, { id, error: outcome.message } as RedeliverResult);
  return data<RedeliverResult>({ id, message: REDELIVER_TEXT.queued });
}

export default function Deliveries({ loaderData, actionData }: Route.ComponentProps) {
  const { entries, nextCursor, filter } = loaderData;
  const params = new URLSearchParams(useLocation().search);

  return (
    <>
      <PageHeader
        title="Deliveries"
        intro="Every webhook and email the site sends, newest first. A failed one is tried again for up to 3 days; Redeliver sends it again now."
      />

      <DeliveryFilters filter={filter} />

      {/* Keyset paging (docs/decisions/0021-one-definition-of-money-figures.md): ?before= is the oldest message shown; older pages go further back. */}
      <DeliveryLogTable
        entries={entries}
        params={params}
        filtered={Boolean(filter.status || filter.kind || filter.before)}
        pages={{
          previous: filter.before
            ? { href: pageHref(params, "before", null), label: "Back to the newest" }
            : undefined,
          next: nextCursor
            ? { href: pageHref(params, "before", nextCursor), label: "Older messages" }
            : undefined,
        }}
        result={actionData}
      />
    </>
  );
}
