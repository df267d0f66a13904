import { Form } from "react-router";
import { Field, Input, NativeSelect } from "~/components/kit/field";
import { buttonClasses } from "~/components/ui/button";
import {
  CONTACT_MESSAGE_STATUSES,
  CONTACT_STATUS_LABELS,
  type ContactInboxFilter,
} from "../contact-inbox";

// docs/product/back-office.md#contact-messages: search and status as a GET form, so the view is in the
// URL (shareable; the back button walks it) and works before JavaScript loads.

export function ContactInboxFilters({ filter }: { filter: ContactInboxFilter }) {
  return (
    <Form
      method="get"
      role="search"
      aria-label="Messages"
      className="mb-5 grid gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-end"
    >
      <Field label="Search" id="message-search">
        {(aria) => (
          <Input
            {...aria}
            type="search"
            name="q"
            defaultValue={filter.q ?? ""}
            placeholder="Name, email or words in the message"
          />
        )}
      </Field>
      <Field label="Status" id="message-status">
        {(aria) => (
          <NativeSelect {...aria} name="status" defaultValue={filter.status ?? ""}>
            <option value="">All messages</option>
            {CONTACT_MESSAGE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {CONTACT_STATUS_LABELS[status]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <button
        type="submit"
        className={buttonClasses("ink", "dark:bg-gold dark:text-ink dark:hover:bg-gold-light")}
      >
        Search
      </button>
    </Form>
  );
}
