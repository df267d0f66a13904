import { Link } from "react-router";
import { AdminPanel } from "~/components/admin/admin-page";
import { DataTable, type Column } from "~/components/kit/data-table";
import { StatusBadge } from "~/components/kit/status-badge";
import { formatMoney } from "~/lib/format";
import type { CustomerProfile } from "../customer-admin.service.server";

type Booking = CustomerProfile["bookings"][number];
type Payment = CustomerProfile["payments"][number];

// break-all: a site booking's reference is 29 characters with no break, wider than a phone's card.
const LINK =
  "font-semibold break-all text-gold-deep underline-offset-4 hover:underline dark:text-gold";
const NO_PARAMS = new URLSearchParams();

const BOOKING_COLUMNS: readonly Column<Booking>[] = [
  {
    key: "reference",
    header: "Booking",
    cell: (row) => (
      <Link to={row.leadHref} className={LINK}>
        {row.reference}
      </Link>
    ),
  },
  { key: "service", header: "Service", cell: (row) => row.service },
  { key: "when", header: "When", cell: (row) => row.when },
  { key: "suburb", header: "Suburb", cell: (row) => row.suburb ?? "None" },
  {
    key: "status",
    header: "Status",
    cell: (row) => <StatusBadge kind="booking" status={row.status} label={row.statusLabel} />,
  },
  {
    key: "price",
    header: "Price",
    cell: (row) => formatMoney(row.priceCents),
    className: "tabular-nums sm:text-right",
  },
  {
    key: "tip",
    header: "Tips",
    cell: (row) => (row.tipCents > 0 ? formatMoney(row.tipCents) : "None"),
    className: "tabular-nums sm:text-right",
  },
];

const PAYMENT_STATUS_LABELS: Record<string, string> = {
  pending: "Pending",
  paid: "Paid",
  failed: "Failed",
  refunded: "Refunded",
};

const PAYMENT_COLUMNS: readonly Column<Payment>[] = [
  { key: "at", header: "Date", cell: (row) => row.at },
  {
    key: "reference",
    header: "Booking",
    cell: (row) => (
      <Link to={row.leadHref} className={LINK}>
        {row.reference}
      </Link>
    ),
  },
  {
    key: "amount",
    header: "Amount",
    cell: (row) =>
      row.refundedCents > 0
        ? `${formatMoney(row.amountCents)} (${formatMoney(row.refundedCents)} refunded)`
        : formatMoney(row.amountCents),
    className: "tabular-nums sm:text-right",
  },
  {
    key: "status",
    header: "Status",
    cell: (row) => (
      <StatusBadge
        kind="payment"
        status={row.status}
        label={PAYMENT_STATUS_LABELS[row.status] ?? row.status}
      />
    ),
  },
];

function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <AdminPanel labelledBy={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="mb-4 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </AdminPanel>
  );
}

/**
 * One customer: contact and rewards, then bookings, payments, series and messages. `series` is
 * the slot for the customer's recurring series, which the series feature renders (its own
 * section, with its own heading), between the payments and the messages.
 */
export function CustomerProfileView({
  customer,
  series,
}: {
  customer: CustomerProfile;
  series?: React.ReactNode;
}) {
  return (
    <div className="grid gap-6">
      <Section id="customer-details" title="Details and rewards">
        <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <Detail label="Email">
            <a href={`mailto:${customer.email}`} className={`${LINK} break-all`}>
              {customer.email}
            </a>
          </Detail>
          <Detail label="Phone">{customer.phone ?? "None"}</Detail>
          <Detail label="Customer since">{customer.since}</Detail>
          <Detail label="Rewards">
            <span data-testid="customer-rewards">
              {customer.rewards.points.toLocaleString("en-AU")} points, {customer.rewards.tier}
            </span>
            {customer.rewards.next && (
              <span className="block text-muted dark:text-mist">
                {customer.rewards.next.tier} at{" "}
                {customer.rewards.next.points.toLocaleString("en-AU")} points
              </span>
            )}
          </Detail>
        </dl>
      </Section>
      <Section id="customer-bookings" title="Bookings">
        <DataTable
          caption="Bookings"
          rows={customer.bookings}
          rowKey={(row) => row.id}
          columns={BOOKING_COLUMNS}
          params={NO_PARAMS}
          empty={{ title: "No bookings yet." }}
        />
      </Section>
      <Section id="customer-payments" title="Payments">
        <DataTable
          caption="Payments"
          rows={customer.payments}
          rowKey={(row) => row.id}
          columns={PAYMENT_COLUMNS}
          params={NO_PARAMS}
          empty={{ title: "No payments yet." }}
        />
      </Section>
      {series}
      <Section id="customer-messages" title="Messages">
        {customer.messages.length === 0 ? (
          <p className="text-sm text-muted dark:text-mist">No messages from this email.</p>
        ) : (
          <ul className="divide-y divide-line dark:divide-ivory/10">
            {customer.messages.map((message) => (
              <li key={message.id} className="py-3">
                <p className="text-sm text-muted dark:text-mist">
                  {message.at} · {message.handled ? "Handled" : "Open"}
                </p>
                <p className="mt-1 break-words whitespace-pre-line">{message.message}</p>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="font-semibold">{label}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}
