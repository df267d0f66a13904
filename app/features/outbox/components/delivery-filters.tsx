import { Form } from "react-router";
import { Field, NativeSelect } from "~/components/kit/field";
import { FilterSheet } from "~/components/kit/filter-sheet";
import { buttonClasses } from "~/components/ui/button";
import { KIND_OPTIONS, STATUS_OPTIONS, type DeliveryFilter } from "../delivery-log";

// The deliveries screen's filters: a plain GET form, so a filtered log is a URL staff can share
// and it works before JavaScript loads; a filter starts again from the newest message. At phone
// width they fold behind the kit's Filters button, as on every other list.

export function DeliveryFilters({ filter }: { filter: DeliveryFilter }) {
  return (
    <FilterSheet className="mb-6" active={[filter.status, filter.kind].filter(Boolean).length}>
      <Form
        // A new filter from a link or the back button resets the selects' chosen values.
        key={`${filter.status ?? ""}/${filter.kind ?? ""}`}
        method="get"
        className="grid items-end gap-4 rounded-lg border border-line bg-white p-4 sm:grid-cols-[1fr_1fr_auto] dark:border-ivory/10 dark:bg-ink-raised"
      >
        <Field id="filter-status" label="Status">
          {(control) => (
            <NativeSelect name="status" defaultValue={filter.status ?? ""} {...control}>
              <option value="">All statuses</option>
              {STATUS_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field id="filter-kind" label="Kind">
          {(control) => (
            <NativeSelect name="kind" defaultValue={filter.kind ?? ""} {...control}>
              <option value="">All kinds</option>
              {KIND_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <button
          type="submit"
          className={buttonClasses("ink", "dark:bg-gold dark:text-ink dark:hover:bg-gold-light")}
        >
          Show messages
        </button>
      </Form>
    </FilterSheet>
  );
}
