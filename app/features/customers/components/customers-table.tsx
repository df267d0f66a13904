import { Form, Link } from "react-router";
import { DataTable, type Column } from "~/components/kit/data-table";
import { Field, Input } from "~/components/kit/field";
import { buttonClasses } from "~/components/ui/button";
import type { CustomerListRow } from "../customer-admin.service.server";

const NAME_LINK = "font-semibold text-gold-deep underline-offset-4 hover:underline dark:text-gold";

const COLUMNS: readonly Column<CustomerListRow>[] = [
  {
    key: "name",
    header: "Customer",
    cell: (row) => (
      <Link to={`/admin/customers/${row.id}`} className={NAME_LINK}>
        {row.name}
      </Link>
    ),
  },
  { key: "email", header: "Email", cell: (row) => <span className="break-all">{row.email}</span> },
  { key: "phone", header: "Phone", cell: (row) => row.phone ?? "None" },
  {
    key: "bookings",
    header: "Bookings",
    cell: (row) => row.bookings,
    className: "tabular-nums sm:text-right",
  },
  { key: "since", header: "Customer since", cell: (row) => row.since },
];

/** The search box: a GET form, so it works before JavaScript loads and the URL keeps it. */
export function CustomerSearch({ q }: { q: string | null }) {
  return (
    <Form method="get" role="search" className="mb-5 flex flex-wrap items-end gap-3">
      <Field label="Search customers" id="customer-search" className="min-w-0 grow sm:max-w-md">
        {(props) => (
          <Input
            {...props}
            type="search"
            name="q"
            defaultValue={q ?? ""}
            placeholder="Name, email or phone"
            maxLength={100}
          />
        )}
      </Field>
      <button type="submit" className={buttonClasses("outline")}>
        Search
      </button>
    </Form>
  );
}

export function CustomersTable({
  customers,
  params,
  next,
  searched,
}: {
  customers: CustomerListRow[];
  params: URLSearchParams;
  next: string | null;
  searched: boolean;
}) {
  const nextParams = new URLSearchParams(params);
  if (next) nextParams.set("after", next);
  const first = new URLSearchParams(params);
  first.delete("after");
  return (
    <DataTable
      caption="Customers"
      rows={customers}
      rowKey={(row) => row.id}
      columns={COLUMNS}
      params={params}
      pages={{
        previous: params.has("after")
          ? { href: `?${first.toString()}`, label: "First page" }
          : undefined,
        next: next ? { href: `?${nextParams.toString()}`, label: "Next page" } : undefined,
      }}
      empty={{ title: searched ? "No customer matches this search." : "No customers yet." }}
    />
  );
}
