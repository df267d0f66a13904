// What `npm run bench:admin-lists` times: each admin list and board as its loader reads it (the
// service the route calls, with the same arguments), on the data of admin-lists-data.ts.
import type { Kysely } from "kysely";
import { encodeCursor } from "~/components/kit/keyset";
import { readAuditScreen } from "~/features/audit/audit-log.service.server";
import { readDirectoryFilter } from "~/features/cleaners/cleaner-directory";
import { listCleaners } from "~/features/cleaners/cleaner-directory.service.server";
import { readContactInboxFilter } from "~/features/contact/contact-inbox";
import {
  countOpenMessages,
  listContactMessages,
} from "~/features/contact/contact-inbox.service.server";
import { getDashboardFor } from "~/features/dashboard/dashboard.service.server";
import { parseFinanceQuery } from "~/features/finance/finance.schema";
import { getFinanceOverview, getTransactionsPage } from "~/features/finance/finance.service.server";
import { getPayoutsPage, listPayableCleaners } from "~/features/finance/payouts.service.server";
import { LeadFilterSchema } from "~/features/leads/leads";
import { getBoard, listLeads } from "~/features/leads/leads.service.server";
import { getDeliveryBanner } from "~/features/outbox/delivery-banner.server";
import { DeliveryFilterSchema } from "~/features/outbox/delivery-log";
import { getDeliveryLog } from "~/features/outbox/delivery-log.server";
import { getSchedule } from "~/features/schedule/schedule.service.server";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { addDays, mondayOf, sydneyDate } from "~/lib/sydney-time";
import type { Database } from "~/server/database";
import type { Counts } from "./admin-lists-data";

export type BenchCase = { screen: string; label: string; run: () => Promise<unknown> };

/** Rows the cases start from: a lead's name and phone, and rows deep in each list. */
type Probes = {
  name: string;
  phoneDigits: string;
  deepLead: { created_at: string; id: string };
  deepMessage: { created_at: string; id: string };
  deepOutbox: { created_at: string; id: string };
  deepAudit: { created_at: string; id: string };
  deepPayout: { created_at: string; id: string };
  reference: string;
};

/** A list's deep rows: ids follow time in the data, so the row a quarter of the way in by id is
 * three quarters of the way down a newest-first page order. */
async function readProbes(db: Kysely<Database>, counts: Counts): Promise<Probes> {
  const quarter = (count: number) => String(Math.floor(count / 4));
  const lead = await db
    .selectFrom("quotes")
    .select(["client_name", "client_phone", "reference"])
    .where("id", "=", `q${String(Math.floor(counts.leads / 2)).padStart(8, "0")}`)
    .executeTakeFirstOrThrow();
  const row = async (
    table: "quotes" | "contact_messages" | "outbox_messages" | "audit_log",
    id: string,
  ) =>
    db
      .selectFrom(table)
      .select(["created_at", "id"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  const deepPayout = await db
    .selectFrom("cleaner_payouts")
    .select(["created_at", "id"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .offset(Math.floor((counts.cleaners * counts.payoutWeeks * 0.9) / 2))
    .limit(1)
    .executeTakeFirstOrThrow();
  return {
    name: lead.client_name,
    phoneDigits: (lead.client_phone ?? "").replace(/\D/g, "").slice(3, 7),
    reference: lead.reference,
    deepLead: await row("quotes", `q${quarter(counts.leads).padStart(8, "0")}`),
    deepMessage: await row(
      "contact_messages",
      `m${quarter(counts.contactMessages).padStart(8, "0")}`,
    ),
    deepOutbox: await row("outbox_messages", `o${quarter(counts.leads).padStart(8, "0")}w`),
    deepAudit: await row("audit_log", `l3${quarter(counts.leads).padStart(9, "0")}`),
    deepPayout,
  };
}

type Context = {
  db: Kysely<Database>;
  now: Date;
  today: string;
  probes: Probes;
  deepDirectory: ReturnType<typeof readDirectoryFilter>;
};

const cursor = (row: { created_at: string; id: string }) =>
  encodeCursor({ value: row.created_at, id: row.id });
const leads = (values: Record<string, string>) => LeadFilterSchema.parse(values);
const directory = (query: string) => readDirectoryFilter(new URLSearchParams(query));
const finance = (query: string) => parseFinanceQuery(new URLSearchParams(query));
const deliveries = (values: Record<string, string>) => DeliveryFilterSchema.parse(values);

export async function adminListCases(
  db: Kysely<Database>,
  counts: Counts,
  now: Date,
): Promise<BenchCase[]> {
  const probes = await readProbes(db, counts);
  // The cleaner directory's page 11: the cursor of page 10 of the default order.
  let deepDirectory = directory("");
  for (let page = 0; page < 10; page++) {
    const next = (await listCleaners(db, deepDirectory)).next;
    if (!next) break;
    deepDirectory = directory(`after=${encodeURIComponent(next)}`);
  }
  const context = { db, now, today: sydneyDate(now), probes, deepDirectory };
  return [
    ...frameAndDashboardCases(context),
    ...leadCases(context),
    ...cleanerCases(context),
    ...financeCases(context),
    ...deliveryAndMessageCases(context),
    ...auditCases(context),
    ...scheduleCases(context),
  ];
}

function frameAndDashboardCases({ db, now }: Context): BenchCase[] {
  const bannerViewer = {
    config: { WEBHOOK_PRODUCTION_URL: "https://hooks.bench.example/quotes", WEBHOOK_TEST_URL: "" },
    staffId: "s00",
  };
  return [
    {
      screen: "Every admin page",
      label: "menu badge and delivery banner",
      run: () => Promise.all([countOpenMessages(db), getDeliveryBanner(db, bannerViewer, now)]),
    },
    ...[7, 30, 90].map((periodDays) => ({
      screen: "Dashboard",
      label: `owner, ${periodDays} days`,
      run: () => getDashboardFor(db, { role: "owner", periodDays, now }),
    })),
    {
      screen: "Dashboard",
      label: "staff (operations), 30 days",
      run: () => getDashboardFor(db, { role: "staff", periodDays: 30, now }),
    },
  ];
}

function leadCases({ db, probes }: Context): BenchCase[] {
  return [
    { screen: "Leads", label: "list, first page", run: () => listLeads(db, leads({})) },
    {
      screen: "Leads",
      label: "list, deep page (keyset)",
      run: () => listLeads(db, leads({ after: cursor(probes.deepLead) })),
    },
    {
      screen: "Leads",
      label: "list, contacted commercial",
      run: () => listLeads(db, leads({ lead: "contacted", type: "commercial" })),
    },
    {
      screen: "Leads",
      label: "search, a full name",
      run: () => listLeads(db, leads({ q: probes.name })),
    },
    {
      screen: "Leads",
      label: "search, 4 phone digits",
      run: () => listLeads(db, leads({ q: probes.phoneDigits })),
    },
    { screen: "Leads", label: "board", run: () => getBoard(db, leads({})) },
    {
      screen: "Leads",
      label: "board, pending_quote",
      run: () => getBoard(db, leads({ status: "pending_quote" })),
    },
  ];
}

function cleanerCases({ db, deepDirectory }: Context): BenchCase[] {
  return [
    { screen: "Cleaners", label: "first page", run: () => listCleaners(db, directory("")) },
    {
      screen: "Cleaners",
      label: 'search "chen"',
      run: () => listCleaners(db, directory("q=chen")),
    },
    {
      screen: "Cleaners",
      label: "service filter",
      run: () => listCleaners(db, directory("service=House Keeping")),
    },
    { screen: "Cleaners", label: "page 11 (keyset)", run: () => listCleaners(db, deepDirectory) },
    {
      screen: "Applications",
      label: "open applications",
      run: () => listCleaners(db, directory("status=pending_review&application=open")),
    },
  ];
}

function financeCases({ db, now, probes }: Context): BenchCase[] {
  const encryptionKey = BENCH_ENCRYPTION_KEY;
  // What the payouts view loads: the page, and the cleaners its New Payout dialog offers.
  const payouts = (after?: string) =>
    Promise.all([getPayoutsPage(db, { encryptionKey, after }), listPayableCleaners(db)]);
  const sixtyDaysAgo = new Date(now.getTime() - 60 * 86_400_000).toISOString();
  return [
    ...(["week", "month", "year"] as const).map((period) => ({
      screen: "Finance",
      label: `overview, ${period}`,
      run: () => getFinanceOverview(db, { period, now }),
    })),
    {
      screen: "Finance",
      label: "transactions, first page",
      run: () => getTransactionsPage(db, finance("view=transactions&period=month"), { now }),
    },
    {
      screen: "Finance",
      label: "transactions, deep page",
      run: () =>
        getTransactionsPage(
          db,
          {
            ...finance("view=transactions&period=year"),
            after: encodeCursor({ value: sixtyDaysAgo, id: "t~" }),
          },
          { now },
        ),
    },
    { screen: "Payouts", label: "first page", run: () => payouts() },
    {
      screen: "Payouts",
      label: "deep page (keyset)",
      run: () => payouts(cursor(probes.deepPayout)),
    },
  ];
}

function deliveryAndMessageCases({ db, probes }: Context): BenchCase[] {
  const messages = async (query: string) => {
    // What the messages loader reads besides the page.
    await getBusinessProfile(db);
    return listContactMessages(db, readContactInboxFilter(new URLSearchParams(query)));
  };
  const deepOutbox = `${probes.deepOutbox.created_at}|${probes.deepOutbox.id}`;
  return [
    { screen: "Deliveries", label: "first page", run: () => getDeliveryLog(db, deliveries({})) },
    {
      screen: "Deliveries",
      label: "gave up (dead)",
      run: () => getDeliveryLog(db, deliveries({ status: "dead" })),
    },
    {
      screen: "Deliveries",
      label: "emails, deep page",
      run: () => getDeliveryLog(db, deliveries({ kind: "email", before: deepOutbox })),
    },
    { screen: "Messages", label: "first page", run: () => messages("") },
    { screen: "Messages", label: "open", run: () => messages("status=open") },
    { screen: "Messages", label: 'search "bondi"', run: () => messages("q=bondi") },
    {
      screen: "Messages",
      label: "deep page (keyset)",
      run: () => messages(`after=${encodeURIComponent(cursor(probes.deepMessage))}`),
    },
  ];
}

function auditCases({ db, today, probes }: Context): BenchCase[] {
  const audit = (query: Record<string, string>) => readAuditScreen(db, new URLSearchParams(query));
  return [
    { screen: "Audit log", label: "first page", run: () => audit({}) },
    {
      screen: "Audit log",
      label: "one action",
      run: () => audit({ action: "cleaner.status_changed" }),
    },
    { screen: "Audit log", label: "one staff member", run: () => audit({ who: "s03" }) },
    {
      screen: "Audit log",
      label: "a lead's reference",
      run: () => audit({ subject: probes.reference }),
    },
    {
      screen: "Audit log",
      label: "a week's dates",
      run: () => audit({ from: addDays(today, -37), to: addDays(today, -31) }),
    },
    {
      screen: "Audit log",
      label: "deep page (keyset)",
      run: () => audit({ before: cursor(probes.deepAudit) }),
    },
  ];
}

/** Two weeks ahead: a day and a week as full as settings allow (admin-lists-data.ts). */
function scheduleCases({ db, now, today }: Context): BenchCase[] {
  return [
    {
      screen: "Schedule",
      label: "a full day",
      run: () => getSchedule(db, { view: "day", date: addDays(today, 14), now }),
    },
    {
      screen: "Schedule",
      label: "a full week",
      run: () => getSchedule(db, { view: "week", date: addDays(mondayOf(today), 14), now }),
    },
  ];
}

/** The key the cleaners' bank account was encrypted with (a test key, never a real one). */
export const BENCH_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString("base64");
