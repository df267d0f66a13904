import { data } from "react-router";
import { can } from "~/features/auth/permissions";
import { requirePermission } from "~/features/auth/require-staff.server";
import { DispatchPage } from "~/features/dispatch/components/dispatch-page";
import { DISPATCH_TEXT, OfferSeatSchema } from "~/features/dispatch/dispatch";
import { getDispatchBoard, offerNextSeat } from "~/features/dispatch/dispatch.service.server";
import { readScheduleQuery } from "~/features/schedule/schedule";
import { adminMeta } from "~/features/seo/admin-meta";
import { parseForm } from "~/lib/forms";
import { readFormData } from "~/lib/http.server";
import { failure, failureData, failureStatus } from "~/lib/result";
import { sydneyDate } from "~/lib/sydney-time";
import type { Route } from "./+types/dispatch";

export const meta: Route.MetaFunction = (args) => adminMeta(args, DISPATCH_TEXT.title);

// /admin/dispatch (docs/product/cleaner-assignments.md#dispatch-board): the week's confirmed jobs
// by cleaner, and the jobs still needing cleaners. A cleaner's booked hours are a pay figure,
// read only for a role that sees them (docs/decisions/0044-figures-by-permission.md).
export async function loader({ request, context }: Route.LoaderArgs) {
  const { staff } = await requirePermission(request, context, "leads.view");
  const now = new Date();
  const { view, date } = readScheduleQuery(new URL(request.url).searchParams, sydneyDate(now));
  const showsHours = can(staff.role, "finance.view");
  return { board: await getDispatchBoard(context.db, { view, date, now, showsHours }) };
}

// A drop or Offer to…: the job's next open seat offered to the cleaner, as Assign Cleaner offers.
export async function action({ request, context }: Route.ActionArgs) {
  const { staff } = await requirePermission(request, context, "assignments.manage");
  const parsed = parseForm(await readFormData(request), OfferSeatSchema);
  if (!parsed.ok) {
    const message = Object.values(parsed.fieldErrors)[0] ?? DISPATCH_TEXT.jobGone;
    return data(failure("malformed", message), failureStatus("malformed"));
  }
  const result = await offerNextSeat(context.db, parsed.value, {
    actor: { type: "staff", id: staff.id, ip: context.clientIp },
    publicUrl: context.config.publicUrl,
  });
  return result.ok ? result : failureData(result, result);
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <DispatchPage board={loaderData.board} />;
}
