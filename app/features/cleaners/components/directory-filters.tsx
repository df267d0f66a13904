import { ArrowDown, ArrowUp } from "lucide-react";
import { Form, Link, useSubmit } from "react-router";
import { Field, Input, NativeSelect } from "~/components/kit/field";
import { buttonClasses } from "~/components/ui/button";
import {
  APPLICATION_FILTER_LABELS,
  APPLICATION_FILTERS,
  CLEANER_STATUS_LABELS,
  CLEANER_STATUSES,
  DIRECTORY_SERVICES,
  DIRECTORY_SORT_LABELS,
  DIRECTORY_SORTS,
  DIRECTORY_TEXT,
  type DirectoryFilter,
} from "../cleaner-directory";

// docs/product/back-office.md#cleaner-directory: search, status, service and sort, as a GET form,
// so the filters are in the URL (shareable; the back button walks them) and work before
// JavaScript loads. With JavaScript a changed select applies at once.

const LINK_BUTTON = buttonClasses(
  "outline",
  "px-4 dark:border-ivory/40 dark:text-ivory dark:hover:bg-ivory/10",
);

function hrefWith(params: URLSearchParams, changes: Record<string, string | null>) {
  const next = new URLSearchParams(params);
  next.delete("after");
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) next.delete(name);
    else next.set(name, value);
  }
  const query = next.toString();
  return query ? `?${query}` : "?";
}

export function DirectoryFilters({
  filter,
  params,
}: {
  filter: DirectoryFilter;
  params: URLSearchParams;
}) {
  return (
    <div className="mb-5 space-y-3">
      <DirectorySearch filter={filter} />
      <SortAndClear filter={filter} params={params} />
    </div>
  );
}

/** With JavaScript a changed select applies at once. */
function DirectorySearch({ filter }: { filter: DirectoryFilter }) {
  const submit = useSubmit();
  const applyNow = (event: React.ChangeEvent<HTMLSelectElement>) =>
    void submit(event.currentTarget.form, { replace: false });
  return (
    <Form
      method="get"
      role="search"
      aria-label="Cleaners"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end"
    >
      <Field label="Search" id="cleaner-search">
        {(aria) => (
          <Input
            {...aria}
            type="search"
            name="q"
            defaultValue={filter.q ?? ""}
            placeholder="Name, email, phone or suburb"
          />
        )}
      </Field>
      <Field label="Status" id="cleaner-status">
        {(aria) => (
          <NativeSelect
            {...aria}
            name="status"
            defaultValue={filter.status ?? ""}
            onChange={applyNow}
          >
            <option value="">All statuses</option>
            {CLEANER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {CLEANER_STATUS_LABELS[status]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field label="Service" id="cleaner-service">
        {(aria) => (
          <NativeSelect
            {...aria}
            name="service"
            defaultValue={filter.service ?? ""}
            onChange={applyNow}
          >
            <option value="">All services</option>
            {DIRECTORY_SERVICES.map((service) => (
              <option key={service} value={service}>
                {service}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field label="Sort by" id="cleaner-sort">
        {(aria) => (
          <NativeSelect {...aria} name="sort" defaultValue={filter.sort} onChange={applyNow}>
            {DIRECTORY_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {DIRECTORY_SORT_LABELS[sort]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <input type="hidden" name="dir" value={filter.dir} />
      {filter.application && <input type="hidden" name="application" value={filter.application} />}
      <button type="submit" className={buttonClasses("ink", "dark:bg-gold dark:text-ink")}>
        Apply
      </button>
    </Form>
  );
}

function SortAndClear({ filter, params }: { filter: DirectoryFilter; params: URLSearchParams }) {
  const ascending = filter.dir === "asc";
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <Link
        to={hrefWith(params, { dir: ascending ? "desc" : "asc" })}
        className={LINK_BUTTON}
        aria-label={`Sorted ${ascending ? "ascending" : "descending"}; change to ${ascending ? "descending" : "ascending"}`}
      >
        {ascending ? (
          <ArrowUp aria-hidden="true" className="size-4" />
        ) : (
          <ArrowDown aria-hidden="true" className="size-4" />
        )}
        {ascending ? "Ascending" : "Descending"}
      </Link>
      {(filter.q || filter.status || filter.service || filter.application) && (
        <Link
          to={hrefWith(params, { q: null, status: null, service: null, application: null })}
          className={LINK_BUTTON}
        >
          Clear filters
        </Link>
      )}
    </div>
  );
}

/** The two views: everyone, and applicants awaiting review with their count. */
export function DirectoryViews({
  filter,
  params,
  pendingReview,
}: {
  filter: DirectoryFilter;
  params: URLSearchParams;
  pendingReview: number;
}) {
  const onApplications = filter.status === "pending_review";
  const tab = (active: boolean) =>
    `-mb-px inline-flex min-h-11 items-center gap-2 border-b-2 px-4 text-sm font-semibold ${
      active
        ? "border-gold-deep text-ink dark:border-gold dark:text-ivory"
        : "border-transparent text-muted hover:text-ink dark:text-mist dark:hover:text-ivory"
    }`;
  return (
    <nav
      aria-label="Cleaner views"
      className="mb-5 flex gap-1 border-b border-line dark:border-ivory/10"
    >
      <Link
        to={hrefWith(params, { status: null, application: null })}
        aria-current={onApplications ? undefined : "page"}
        className={tab(!onApplications)}
      >
        {DIRECTORY_TEXT.all}
      </Link>
      <Link
        to={hrefWith(params, { status: "pending_review", application: "open" })}
        aria-current={onApplications ? "page" : undefined}
        className={tab(onApplications)}
      >
        {DIRECTORY_TEXT.applications}
        <span
          className={`rounded-full px-2 py-0.5 text-xs ${
            pendingReview > 0
              ? "bg-warning/10 text-warning dark:bg-amber-300/10 dark:text-amber-200"
              : "bg-ink/5 text-ink-soft dark:bg-ivory/10 dark:text-mist"
          }`}
        >
          {pendingReview}
          <span className="sr-only"> awaiting review</span>
        </span>
      </Link>
    </nav>
  );
}

/**
 * In the Applications view: awaiting review, declined, or every application
 * (docs/decisions/0056-application-outcomes-and-documents.md).
 */
export function ApplicationFilter({
  filter,
  params,
}: {
  filter: DirectoryFilter;
  params: URLSearchParams;
}) {
  if (filter.status !== "pending_review") return null;
  const options = [
    ...APPLICATION_FILTERS.map((value) => ({ value, label: APPLICATION_FILTER_LABELS[value] })),
    { value: null, label: DIRECTORY_TEXT.allApplications },
  ];
  return (
    <nav aria-label="Applications by outcome" className="mb-5 flex flex-wrap gap-2">
      {options.map(({ value, label }) => {
        const current = (filter.application ?? null) === value;
        return (
          <Link
            key={label}
            to={hrefWith(params, { application: value })}
            aria-current={current ? "page" : undefined}
            className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold ${
              current
                ? "border-ink bg-ink text-ivory dark:border-gold dark:bg-gold dark:text-ink"
                : "border-line text-ink hover:border-ink dark:border-ivory/20 dark:text-ivory"
            }`}
          >
            {label}
          </Link>
        );
      })}
    </nav>
  );
}

export { hrefWith as directoryHref };
