import { RefreshCw } from "lucide-react";
import { Form, Link, useRevalidator } from "react-router";
import { Field, Input, NativeSelect } from "~/components/kit/field";
import { FilterSheet } from "~/components/kit/filter-sheet";
import { buttonClasses } from "~/components/ui/button";
import {
  BOARD_COLUMN_TITLES,
  LEAD_STATUSES,
  LEADS_TEXT,
  QUOTE_STATUS_LABELS,
  QUOTE_STATUSES,
  SERVICE_TYPE_NAMES,
  SERVICE_TYPES,
  type LeadFilter,
  type LeadView,
} from "../leads";

/** The link to the same filters in the other view (back on the first page). */
function viewHref(params: URLSearchParams, view: LeadView) {
  const next = new URLSearchParams(params);
  next.delete("after");
  next.delete("before");
  next.set("view", view);
  return `?${next.toString()}`;
}

/**
 * docs/product/back-office.md#lead-management: search, the filters (docs/decisions/0015-lead-filters.md:
 * status and lead status, each labelled, plus the request type), the list or board toggle and
 * Refresh. A plain GET form, so it works before JavaScript loads.
 */
export function LeadsToolbar({
  filter,
  view,
  params,
}: {
  filter: LeadFilter;
  view: LeadView;
  params: URLSearchParams;
}) {
  return (
    <div className="mb-6 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav aria-label="View" className="flex gap-2">
          <ViewToggle params={params} view={view} target="list" label="List" />
          <ViewToggle params={params} view={view} target="board" label="Board" />
        </nav>
        <RefreshButton />
      </div>
      <FilterSheet
        active={[filter.q, filter.status, filter.lead, filter.type].filter(Boolean).length}
      >
        <LeadsSearch filter={filter} view={view} />
      </FilterSheet>
    </div>
  );
}

/** A plain GET form, so it works before JavaScript loads. */
function LeadsSearch({ filter, view }: { filter: LeadFilter; view: LeadView }) {
  return (
    <Form
      method="get"
      role="search"
      aria-label="Leads"
      // Each select is at least as wide as its longest "All …" choice (11.5rem), so "All lead
      // statuses" is never cut off; one row from 1280 px, where that fits beside the sidebar.
      className="grid items-end gap-4 rounded-lg border border-line bg-white p-4 sm:grid-cols-2 xl:grid-cols-[minmax(10rem,2fr)_repeat(3,minmax(11.5rem,1fr))_auto] dark:border-ivory/10 dark:bg-ink-raised"
    >
      <input type="hidden" name="view" value={view} />
      <Field id="leads-search" label="Search">
        {(control) => (
          <Input
            type="search"
            name="q"
            defaultValue={filter.q ?? ""}
            placeholder={LEADS_TEXT.searchPlaceholder}
            autoComplete="off"
            {...control}
          />
        )}
      </Field>
      <Field id="leads-status" label="Status">
        {(control) => (
          <NativeSelect name="status" defaultValue={filter.status ?? ""} {...control}>
            <option value="">All statuses</option>
            {QUOTE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {QUOTE_STATUS_LABELS[status]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field id="leads-lead-status" label="Lead status">
        {(control) => (
          <NativeSelect name="lead" defaultValue={filter.lead ?? ""} {...control}>
            <option value="">All lead statuses</option>
            {LEAD_STATUSES.map((status) => (
              <option key={status} value={status}>
                {BOARD_COLUMN_TITLES[status]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field id="leads-type" label="Type">
        {(control) => (
          <NativeSelect name="type" defaultValue={filter.type ?? ""} {...control}>
            <option value="">All types</option>
            {SERVICE_TYPES.map((type) => (
              <option key={type} value={type}>
                {SERVICE_TYPE_NAMES[type]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <button
        type="submit"
        className={buttonClasses("ink", "dark:bg-gold dark:text-ink dark:hover:bg-gold-light")}
      >
        Show leads
      </button>
    </Form>
  );
}

function ViewToggle({
  params,
  view,
  target,
  label,
}: {
  params: URLSearchParams;
  view: LeadView;
  target: LeadView;
  label: string;
}) {
  return (
    <Link
      to={viewHref(params, target)}
      aria-current={view === target ? "page" : undefined}
      className={`inline-flex min-h-11 items-center rounded-md border px-4 text-sm font-semibold ${
        view === target
          ? "border-ink bg-ink text-ivory dark:border-gold dark:bg-gold dark:text-ink"
          : "border-ink/25 hover:bg-ink/5 dark:border-ivory/30 dark:hover:bg-ivory/10"
      }`}
    >
      {label}
    </Link>
  );
}

function RefreshButton() {
  const revalidator = useRevalidator();
  const refreshing = revalidator.state !== "idle";
  return (
    <button
      type="button"
      onClick={() => void revalidator.revalidate()}
      disabled={refreshing}
      className={buttonClasses("outline", "px-4 dark:border-ivory/40 dark:text-ivory")}
    >
      <RefreshCw
        aria-hidden="true"
        className={`size-4 ${refreshing ? "motion-safe:animate-spin" : ""}`}
      />
      {refreshing ? "Refreshing..." : "Refresh"}
    </button>
  );
}
