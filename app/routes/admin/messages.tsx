import { Link, useLocation } from "react-router";
import { EmptyState } from "~/components/kit/empty-state";
import { ErrorState } from "~/components/kit/error-state";
import { FilterSheet } from "~/components/kit/filter-sheet";
import { pageHref } from "~/components/kit/keyset";
import { PageHeader } from "~/components/kit/page-header";
import { useResultToast } from "~/components/kit/toast";
import { can } from "~/features/auth/permissions";
import { requirePermission } from "~/features/auth/require-staff.server";
import { ContactInboxFilters } from "~/features/contact/components/contact-inbox-filters";
import { ContactMessageCard } from "~/features/contact/components/contact-message-card";
import { CONTACT_INBOX_TEXT, readContactInboxFilter } from "~/features/contact/contact-inbox";
import { contactInboxAction } from "~/features/contact/contact-inbox-action.server";
import { listContactMessages } from "~/features/contact/contact-inbox.service.server";
import { adminMeta } from "~/features/seo/admin-meta";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { readFormData } from "~/lib/http.server";
import type { Route } from "./+types/messages";

export const meta: Route.MetaFunction = (args) => adminMeta(args, CONTACT_INBOX_TEXT.title);

// docs/decisions/0046-contact-inbox.md: whoever may see leads reads the
// contact messages; whoever may manage leads marks them handled. A failure to load says so on
// the page (not only in the log).
export async function loader({ request, context }: Route.LoaderArgs) {
  const { staff } = await requirePermission(request, context, "leads.view");
  const filter = readContactInboxFilter(new URL(request.url).searchParams);
  const canManage = can(staff.role, "leads.manage");
  const businessName = (await getBusinessProfile(context.db)).name;
  try {
    const page = await listContactMessages(context.db, filter);
    return { filter, canManage, businessName, page, error: null };
  } catch (error) {
    context.logger.error({ err: error }, "contact messages not loaded");
    return { filter, canManage, businessName, page: null, error: CONTACT_INBOX_TEXT.failed };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { staff } = await requirePermission(request, context, "leads.manage");
  return contactInboxAction(await readFormData(request), context, staff.id);
}

const PAGE_LINK =
  "inline-flex min-h-11 items-center font-semibold text-gold-deep underline underline-offset-4 dark:text-gold";

export default function Messages({ loaderData, actionData }: Route.ComponentProps) {
  const { filter, canManage, businessName, page, error } = loaderData;
  const params = new URLSearchParams(useLocation().search);
  useResultToast(actionData);
  return (
    <>
      <PageHeader title={CONTACT_INBOX_TEXT.title} intro={CONTACT_INBOX_TEXT.intro} />
      <FilterSheet
        className="max-sm:mb-5"
        active={[filter.q, filter.status].filter(Boolean).length}
      >
        <ContactInboxFilters key={params.toString()} filter={filter} />
      </FilterSheet>
      {error || !page ? (
        <ErrorState title={error ?? CONTACT_INBOX_TEXT.failed} />
      ) : page.messages.length === 0 ? (
        <EmptyState
          title={page.anyMessages ? CONTACT_INBOX_TEXT.noMatch : CONTACT_INBOX_TEXT.none}
        />
      ) : (
        <>
          <ul aria-label="Contact messages" className="space-y-4">
            {page.messages.map((message) => (
              <ContactMessageCard
                key={message.id}
                message={message}
                businessName={businessName}
                canManage={canManage}
                answer={actionData}
              />
            ))}
          </ul>
          {(page.next || filter.after) && (
            <nav aria-label="Pages" className="mt-5 flex flex-wrap gap-4 text-sm">
              {filter.after && (
                <Link to={pageHref(params, "after", null)} className={PAGE_LINK}>
                  Newest messages
                </Link>
              )}
              {page.next && (
                <Link to={pageHref(params, "after", page.next)} className={PAGE_LINK}>
                  Older messages
                </Link>
              )}
            </nav>
          )}
        </>
      )}
    </>
  );
}
