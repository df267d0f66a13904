import { readFormData } from "~/lib/http.server";
import { data, Form, Link } from "react-router";
import { adminMeta } from "~/features/seo/admin-meta";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { buttonClasses } from "~/components/ui/button";
import { requirePermission } from "~/features/auth/require-staff.server";
import { DeliveryLogEntryCard } from "~/features/outbox/components/delivery-log-entry";
import {
  DeliveryFilterSchema,
  KIND_OPTIONS,
  REDELIVER_TEXT,
  STATUS_OPTIONS,
} from "~/features/outbox/delivery-log";
import { getDeliveryLog, redeliverAsStaff } from "~/features/outbox/delivery-log.server";
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
  const id = String(form.get("id") ?? "");
  if (intent !== "redeliver" || !id) {
    return data({ id, error: "Unknown request." }, 400);
  }
  const outcome = await redeliverAsStaff(context.db, id, {
    staffId: staff.id,
    ip: context.clientIp,
  });
  if (outcome === "not-found") return data({ id, error: REDELIVER_TEXT.notFound }, 404);
  if (outcome === "not-allowed") return data({ id, error: REDELIVER_TEXT.notAllowed }, 400);
  return data({ id, message: REDELIVER_TEXT.queued });
}

const SELECT =
  "mt-1.5 block min-h-11 w-full rounded-md border border-ink/55 bg-white px-3 py-2 text-base text-ink " +
  "dark:border-ivory/50 dark:bg-ink dark:text-ivory";

export default function Deliveries({ loaderData, actionData }: Route.ComponentProps) {
  const { entries, nextCursor, filter } = loaderData;
  const query = (extra: Record<string, string>) =>
    `?${new URLSearchParams({
      ...(filter.status ? { status: filter.status } : {}),
      ...(filter.kind ? { kind: filter.kind } : {}),
      ...extra,
    }).toString()}`;

  return (
    <>
      <AdminPageHeader
        title="Deliveries"
        intro="Every webhook and email the site sends, newest first. A failed one is tried again for up to 3 days; Redeliver sends it again now."
      />

      <Form
        method="get"
        className="mb-6 grid items-end gap-4 rounded-lg border border-line bg-white p-4 sm:grid-cols-[1fr_1fr_auto] dark:border-ivory/10 dark:bg-ink-raised"
      >
        <div>
          <label htmlFor="filter-status" className="block text-sm font-semibold">
            Status
          </label>
          <select
            id="filter-status"
            name="status"
            defaultValue={filter.status ?? ""}
            className={SELECT}
          >
            <option value="">All statuses</option>
            {STATUS_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-kind" className="block text-sm font-semibold">
            Kind
          </label>
          <select id="filter-kind" name="kind" defaultValue={filter.kind ?? ""} className={SELECT}>
            <option value="">All kinds</option>
            {KIND_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className={buttonClasses("ink", "dark:bg-gold dark:text-ink dark:hover:bg-gold-light")}
        >
          Show messages
        </button>
      </Form>

      {entries.length === 0 ? (
        <p className="text-sm text-muted dark:text-mist">
          {filter.status || filter.kind || filter.before
            ? "No messages match these filters."
            : "Nothing has been sent yet."}
        </p>
      ) : (
        <div className="space-y-4">
          {entries.map((entry) => (
            <DeliveryLogEntryCard
              key={entry.id}
              entry={entry}
              result={actionData?.id === entry.id ? actionData : undefined}
            />
          ))}
        </div>
      )}

      {(filter.before || nextCursor) && (
        <nav aria-label="Pages" className="mt-6 flex flex-wrap gap-4 text-sm font-semibold">
          {filter.before && (
            <Link
              to={query({})}
              className="inline-flex min-h-11 items-center text-gold-deep underline underline-offset-4 dark:text-gold"
            >
              Back to the newest
            </Link>
          )}
          {nextCursor && (
            <Link
              to={query({ before: nextCursor })}
              className="inline-flex min-h-11 items-center text-gold-deep underline underline-offset-4 dark:text-gold"
            >
              Older messages
            </Link>
          )}
        </nav>
      )}
    </>
  );
}
