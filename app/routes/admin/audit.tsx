import { data, useLocation } from "react-router";
import { pageHref } from "~/components/kit/keyset";
import { PageHeader } from "~/components/kit/page-header";
import { AUDIT_TEXT } from "~/features/audit/audit-log";
import { readAuditScreen } from "~/features/audit/audit-log.service.server";
import { AuditFilters } from "~/features/audit/components/audit-filters";
import { AuditLogTable } from "~/features/audit/components/audit-log-table";
import { refuseMutation, requirePermission } from "~/features/auth/require-staff.server";
import { adminMeta } from "~/features/seo/admin-meta";
import type { Route } from "./+types/audit";

// docs/decisions/0055-cleaner-edits-and-audit-log.md: owners read who changed
// what; nobody edits it. A filter that is not one answers 400 with its message beside the field.

export const meta: Route.MetaFunction = (args) => adminMeta(args, AUDIT_TEXT.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "audit.view");
  const screen = await readAuditScreen(context.db, new URL(request.url).searchParams);
  return data(screen, { status: screen.ok ? 200 : 400 });
}

export async function action({ request, context }: Route.ActionArgs) {
  return refuseMutation(request, context, "audit.view");
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const screen = loaderData;
  const params = new URLSearchParams(useLocation().search);
  const filtered = Object.values(screen.values).some((value) => value !== "");
  return (
    <>
      <PageHeader title={AUDIT_TEXT.title} intro={AUDIT_TEXT.intro} />
      <AuditFilters
        values={screen.values}
        errors={screen.ok ? {} : screen.fieldErrors}
        staff={screen.staff}
      />
      {screen.ok && (
        <AuditLogTable
          entries={screen.entries}
          params={params}
          filtered={filtered}
          pages={{
            previous: params.get("before")
              ? { href: pageHref(params, "before", null), label: AUDIT_TEXT.newest }
              : undefined,
            next: screen.nextCursor
              ? { href: pageHref(params, "before", screen.nextCursor), label: AUDIT_TEXT.older }
              : undefined,
          }}
        />
      )}
    </>
  );
}
