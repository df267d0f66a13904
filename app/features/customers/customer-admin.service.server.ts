import type { Kysely } from "kysely";
import { decodeCursor, encodeCursor } from "~/components/kit/keyset";
import { paidTipsOfBookings } from "~/features/payments/tips.service.server";
import { formatDateAndSlot, formatDateTime } from "~/lib/format";
import type { Database } from "~/server/database";
import { BOOKING_STATUS_LABELS, SERVICE_LABELS } from "./customer-copy";
import {
  findCustomerForAdmin,
  listBookingsForAdmin,
  listCustomerPage,
  listMessagesForAdmin,
  listPaymentsForAdmin,
} from "./customer-admin.repository.server";
import { rewardsStatusOf } from "./rewards.service.server";

// The back office's customers (docs/product/back-office.md): a searchable list, and one page
// per customer with their bookings, payments, rewards points and messages. Staff who see leads
// see customers: the same people, the same permission (leads.view).

const PAGE_SIZE = 50;
const MAX_QUERY = 100;

export type CustomerListRow = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  bookings: number;
  since: string;
};

/** One page of customers, newest first; `q` searches the name, email and phone. */
export async function listCustomers(db: Kysely<Database>, params: URLSearchParams) {
  const q = (params.get("q") ?? "").trim().slice(0, MAX_QUERY) || null;
  const after = decodeCursor(params.get("after"));
  const rows = await listCustomerPage(db, { q, after, limit: PAGE_SIZE });
  const page = rows.slice(0, PAGE_SIZE);
  const last = page.at(-1);
  return {
    q,
    after: after !== null,
    customers: page.map((row): CustomerListRow => ({
      id: row.id,
      name: row.name?.trim() || row.email,
      email: row.email,
      phone: row.phone,
      bookings: Number(row.bookings ?? 0),
      since: formatDateTime(row.created_at),
    })),
    next:
      rows.length > PAGE_SIZE && last
        ? encodeCursor({ value: last.created_at, id: last.id })
        : null,
  };
}

export type CustomerProfile = NonNullable<Awaited<ReturnType<typeof getCustomerProfile>>>;

/** Everything the customer page shows, or null for no such customer (404). */
export async function getCustomerProfile(db: Kysely<Database>, customerId: string) {
  const customer = await findCustomerForAdmin(db, customerId);
  if (!customer) return null;
  const [bookings, payments, messages, rewards] = await Promise.all([
    listBookingsForAdmin(db, customer.id),
    listPaymentsForAdmin(db, customer.id),
    listMessagesForAdmin(db, customer.email),
    rewardsStatusOf(db, customer.id),
  ]);
  const tips = await paidTipsOfBookings(
    db,
    bookings.map((booking) => booking.id),
  );
  return {
    id: customer.id,
    name: customer.name?.trim() || customer.email,
    email: customer.email,
    phone: customer.phone,
    since: formatDateTime(customer.created_at),
    rewards: {
      points: rewards.points,
      tier: rewards.tier.name,
      next: rewards.next
        ? { tier: rewards.next.tier.name, points: rewards.next.tier.threshold }
        : null,
    },
    bookings: bookings.map((row) => ({
      id: row.id,
      reference: row.reference,
      leadHref: `/admin/quotes/${row.quote_id}`,
      service: SERVICE_LABELS[row.service_type] ?? row.service_type,
      when: formatDateAndSlot(row.scheduled_date, row.time_slot),
      suburb: row.suburb,
      status: row.status,
      statusLabel: BOOKING_STATUS_LABELS[row.status] ?? row.status,
      priceCents: Math.max(0, Number(row.price_cents) - Number(row.discount_cents ?? 0)),
      tipCents: tips.get(row.id) ?? 0,
    })),
    payments: payments.map((row) => ({
      id: row.id,
      reference: row.reference,
      leadHref: `/admin/quotes/${row.quote_id}`,
      amountCents: Number(row.amount_cents),
      refundedCents: Number(row.refunded_cents ?? 0),
      status: row.status,
      provider: row.provider,
      at: formatDateTime(row.paid_at ?? row.created_at),
    })),
    messages: messages.map((row) => ({
      id: row.id,
      message: row.message,
      at: formatDateTime(row.created_at),
      handled: row.handled_at !== null,
    })),
  };
}
