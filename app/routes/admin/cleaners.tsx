import { Link, useLocation } from "react-router";
import { EmptyState } from "~/components/kit/empty-state";
import { ErrorState } from "~/components/kit/error-state";
import { FilterSheet } from "~/components/kit/filter-sheet";
import { PageHeader } from "~/components/kit/page-header";
import { can } from "~/features/auth/permissions";
import { requirePermission } from "~/features/auth/require-staff.server";
import { readDirectoryFilter, DIRECTORY_TEXT } from "~/features/cleaners/cleaner-directory";
import { listCleaners } from "~/features/cleaners/cleaner-directory.service.server";
import { AddCleanerDialog } from "~/features/cleaners/components/add-cleaner-dialog";
import { CleanerCard } from "~/features/cleaners/components/cleaner-card";
import {
  ApplicationFilter,
  DirectoryFilters,
  DirectoryViews,
  directoryHref,
} from "~/features/cleaners/components/directory-filters";
import { directoryAction } from "~/features/cleaners/directory-action.server";
import { adminMeta } from "~/features/seo/admin-meta";
import { readFormData } from "~/lib/http.server";
import type { Route } from "./+types/cleaners";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Cleaners");

// docs/product/back-office.md#cleaner-directory: the filters are read from the URL; a failure to
// load says so on the page (not only in the log).
export async function loader({ request, context }: Route.LoaderArgs) {
  const { staff } = await requirePermission(request, context, "cleaners.view");
  const filter = readDirectoryFilter(new URL(request.url).searchParams);
  const canManage = can(staff.role, "cleaners.manage");
  try {
    return { filter, canManage, page: await listCleaners(context.db, filter), error: null };
  } catch (error) {
    context.logger.error({ err: error }, "cleaner directory not loaded");
    return { filter, canManage, page: null, error: DIRECTORY_TEXT.failed };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  await requirePermission(request, context, "cleaners.manage");
  return directoryAction(await readFormData(request), context);
}

export default function Cleaners({ loaderData }: Route.ComponentProps) {
  const { filter, canManage, page, error } = loaderData;
  const params = new URLSearchParams(useLocation().search);
  return (
    <>
      <PageHeader
        title="Cleaners"
        intro="The team and new applicants: search, filter and open a profile."
        actions={canManage ? <AddCleanerDialog /> : undefined}
      />
      <DirectoryViews filter={filter} params={params} pendingReview={page?.pendingReview ?? 0} />
      <ApplicationFilter filter={filter} params={params} />
      <FilterSheet
        className="max-sm:mb-5"
        active={[filter.q, filter.status, filter.service].filter(Boolean).length}
      >
        <DirectoryFilters key={params.toString()} filter={filter} params={params} />
      </FilterSheet>
      {error || !page ? (
        <ErrorState title={error ?? DIRECTORY_TEXT.failed} />
      ) : page.cleaners.length === 0 ? (
        <EmptyState title={page.anyCleaners ? DIRECTORY_TEXT.noMatch : DIRECTORY_TEXT.none} />
      ) : (
        <>
          <ul aria-label="Cleaners" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {page.cleaners.map((cleaner) => (
              <CleanerCard key={cleaner.id} cleaner={cleaner} />
            ))}
          </ul>
          {(page.next || filter.after) && (
            <nav aria-label="Pages" className="mt-5 flex flex-wrap gap-4 text-sm">
              {filter.after && (
                <Link
                  to={directoryHref(params, { after: null })}
                  className="inline-flex min-h-11 items-center font-semibold text-gold-deep underline underline-offset-4 dark:text-gold"
                >
                  First page
                </Link>
              )}
              {page.next && (
                <Link
                  to={directoryHref(params, { after: page.next })}
                  className="inline-flex min-h-11 items-center font-semibold text-gold-deep underline underline-offset-4 dark:text-gold"
                >
                  Next page
                </Link>
              )}
            </nav>
          )}
        </>
      )}
    </>
  );
}
