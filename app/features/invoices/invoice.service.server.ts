import type { Kysely } from "kysely";
import { enqueueEmail } from "~/features/outbox/outbox.service.server";
import { renderEmail } from "~/features/outbox/email/render-email";
import type { BusinessProfile } from "~/features/settings/business-profile";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { newId } from "~/lib/ids";
import { failure, type Result } from "~/lib/result";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type {
  AuditLogTable,
  CleaningLevel,
  Database,
  InvoicesTable,
  ServiceType,
} from "~/server/database";
import {
  findCurrentInvoice,
  findInvoiceById,
  findInvoiceSource,
  insertInvoice,
  invoiceNumberTaken,
  listQuoteInvoices,
  lockInvoiceSeries,
  markInvoicePaid,
  takeNextInvoiceSerial,
  voidInvoice,
} from "./invoice.repository.server";
import {
  formatAbn,
  formatInvoiceNumber,
  gstOfInclusive,
  INVOICE_TEXT,
  type InvoiceDetails,
  type InvoiceLine,
  type InvoiceView,
} from "./invoice";
import { bookingAddressLine } from "~/lib/booking-address";
import { formatLongDate, formatMoney } from "~/lib/format";
import { sydneyDate } from "~/lib/sydney-time";

export const INVOICE_ISSUED = "invoice.issued";

type InvoiceSource = NonNullable<Awaited<ReturnType<typeof findInvoiceSource>>>;

/** The quote as the invoice's main line describes it (the leads feature words it). */
export type InvoicedQuote = {
  reference: string;
  service_type: ServiceType;
  cleaning_level: CleaningLevel | null;
  estimated_hours: number | null;
  cleaners_needed: number | null;
};

export type InvoiceActor = {
  type: AuditLogTable["actor_type"];
  id: string | null;
  ip?: string | null;
};

/** Issued (voiding `voided`) or already issued for this amount; a lead gone or unpriced is refused. */
export type IssueInvoiceResult = Result<
  | { status: "issued"; id: string; number: string; voided: string | null }
  | { status: "existing"; id: string; number: string }
>;

/**
 * Issues the lead's tax invoice (docs/decisions/0033-invoices-and-review-requests.md): numbered
 * in sequence in the same transaction as the row, the email and the audit entry, so a failed
 * issue leaves no gap. Issuing again shows the current invoice while the amount is unchanged
 * (marking it paid if the booking has been paid since); a changed amount voids it and issues a
 * new number.
 */
export async function issueInvoice(
  db: Kysely<Database>,
  input: {
    quoteId: string;
    actor: InvoiceActor;
    /** The words of the invoice's line for the clean */
    describe: (quote: InvoicedQuote) => string;
    at?: Date;
  },
): Promise<IssueInvoiceResult> {
  const at = (input.at ?? new Date()).toISOString();
  return db.transaction().execute(async (trx): Promise<IssueInvoiceResult> => {
    const found = await currentOrNew(trx, input.quoteId, input.describe, at);
    if (found.status === "not-found") return failure("not_found", INVOICE_TEXT.leadNotFound);
    if (found.status === "unpriced") return failure("conflict", INVOICE_TEXT.unpriced);
    if (found.status === "existing") return { ok: true, ...found };
    const { source, lines, current } = found;
    const issued = await issueNumbered(trx, { source, lines, current, actor: input.actor, at });
    await enqueueInvoiceEmail(trx, issued.view, issued.profile);
    return {
      ok: true,
      status: "issued",
      id: issued.view.id,
      number: issued.view.number,
      voided: current?.number ?? null,
    };
  });
}

/**
 * The tax invoice of a payment just made, in the payment's transaction
 * (docs/decisions/0054-tax-invoice-receipts-and-one-price.md): the quote's current invoice,
 * marked paid, while its amount is what was owed; otherwise the next number, issued paid (the old
 * one void). It sends no email of its own: the payment's receipt is this invoice. Null for a
 * quote that is missing or has no price.
 */
export async function invoicePayment(
  trx: Kysely<Database>,
  input: {
    quoteId: string;
    actor: InvoiceActor;
    /** The words of the invoice's line for the clean, when a new invoice is issued */
    describe: (quote: InvoicedQuote) => string;
    at: Date;
  },
): Promise<InvoiceView | null> {
  const at = input.at.toISOString();
  const found = await currentOrNew(trx, input.quoteId, input.describe, at);
  if (found.status === "existing") {
    const row = await findInvoiceById(trx, found.id);
    return row ? getInvoiceFromRow(trx, row) : null;
  }
  if (found.status !== "new") return null;
  const { source, lines, current } = found;
  return (await issueNumbered(trx, { source, lines, current, actor: input.actor, at })).view;
}

/**
 * Under the series' lock: the quote's current invoice while its amount is unchanged (marked paid
 * if the booking has been paid since), or what a new one needs.
 */
async function currentOrNew(
  trx: Kysely<Database>,
  quoteId: string,
  describe: (quote: InvoicedQuote) => string,
  at: string,
) {
  await lockInvoiceSeries(trx);
  const source = await findInvoiceSource(trx, quoteId);
  if (!source) return { status: "not-found" as const };
  const { quote, booking, paidAt } = source;
  if (quote.total_cents === null) return { status: "unpriced" as const };
  const lines = invoiceLines(describe(quote), quote.total_cents, booking?.discount_cents ?? 0);
  const totalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const current = await findCurrentInvoice(trx, quote.id);
  if (current && current.amount_cents === totalCents) {
    if (paidAt && current.status !== "paid") await markInvoicePaid(trx, current.id, paidAt, at);
    return { status: "existing" as const, id: current.id, number: current.number };
  }
  return { status: "new" as const, source, lines, current: current ?? null };
}

/**
 * Voids `current` (if any) and issues the next number of the series for `lines`, with its audit
 * entry, in the caller's transaction, which holds the series' lock.
 */
async function issueNumbered(
  trx: Kysely<Database>,
  input: {
    source: InvoiceSource;
    lines: InvoiceLine[];
    current: InvoicesTable | null;
    actor: InvoiceActor;
    at: string;
  },
) {
  const { source, lines, current, at } = input;
  const { quote, booking, paidAt } = source;
  const totalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  if (current) await voidInvoice(trx, current.id, at);
  const profile = await getBusinessProfile(trx);
  // A number already on an invoice (a database restored behind its counter) is passed over
  // rather than failing the issue.
  let number = formatInvoiceNumber(await takeNextInvoiceSerial(trx));
  while (await invoiceNumberTaken(trx, number)) {
    number = formatInvoiceNumber(await takeNextInvoiceSerial(trx));
  }
  const details = invoiceDetails(profile, source, lines);
  const row: InvoicesTable = {
    id: newId(),
    number,
    quote_id: quote.id,
    booking_id: booking?.id ?? null,
    amount_cents: totalCents,
    gst_cents: gstOfInclusive(totalCents),
    status: paidAt ? "paid" : "sent",
    issued_at: at,
    due_at: paidAt ? null : at,
    paid_at: paidAt,
    created_at: at,
    updated_at: at,
    details: JSON.stringify(details),
  };
  await insertInvoice(trx, row);
  await insertAuditEntry(trx, {
    id: newId(),
    actor_type: input.actor.type,
    actor_id: input.actor.id,
    action: INVOICE_ISSUED,
    subject_type: "quote",
    subject_id: quote.id,
    details: JSON.stringify({
      invoiceId: row.id,
      number,
      amountCents: totalCents,
      voided: current?.number ?? null,
    }),
    ip: input.actor.ip ?? null,
    created_at: at,
  });
  return { view: toView(row, details), profile };
}

/** The lines of a quote's invoice: the clean at the stored total, less any rewards discount. */
function invoiceLines(description: string, totalCents: number, discountCents: number) {
  const lines: InvoiceLine[] = [{ description, amountCents: totalCents }];
  if (discountCents > 0)
    lines.push({ description: "Rewards discount", amountCents: -discountCents });
  return lines;
}

/** What an invoice says of the business, the client and the quote, around its lines. */
function invoiceDetails(
  profile: BusinessProfile,
  { quote, booking }: InvoiceSource,
  lines: InvoiceLine[],
): InvoiceDetails {
  return {
    business: {
      name: profile.name,
      abn: formatAbn(profile.abn),
      address: profile.address,
      phone: profile.phone,
      email: profile.email,
    },
    client: {
      name: quote.client_name,
      email: quote.client_email,
      phone: quote.client_phone,
      address: booking ? bookingAddressLine(booking) : null,
    },
    reference: quote.reference,
    lines,
  };
}

function toView(row: InvoicesTable, details: InvoiceDetails): InvoiceView {
  return {
    id: row.id,
    number: row.number,
    quoteId: row.quote_id,
    issuedAt: row.issued_at ?? row.created_at,
    issuedLabel: formatLongDate(sydneyDate(new Date(row.issued_at ?? row.created_at))),
    details,
    totalCents: row.amount_cents,
    gstCents: row.gst_cents,
    paid: row.status === "paid",
    paidLabel: row.paid_at ? formatLongDate(sydneyDate(new Date(row.paid_at))) : null,
    void: row.status === "void",
  };
}

/**
 * The invoice for its printable page; null for an unknown id. One written before invoices kept
 * what they said (the demo seed's) is shown with today's business profile and the quote's client.
 */
export async function getInvoice(db: Kysely<Database>, id: string): Promise<InvoiceView | null> {
  const row = await findInvoiceById(db, id);
  return row ? getInvoiceFromRow(db, row) : null;
}

/**
 * The paid tax invoice of a quote, for the payment confirmation page
 * (docs/decisions/0054-tax-invoice-receipts-and-one-price.md); null while none is paid.
 */
export async function getPaidInvoiceOfQuote(db: Kysely<Database>, quoteId: string) {
  const row = await findCurrentInvoice(db, quoteId);
  return row?.status === "paid" ? getInvoiceFromRow(db, row) : null;
}

async function getInvoiceFromRow(
  db: Kysely<Database>,
  row: InvoicesTable,
): Promise<InvoiceView | null> {
  if (row.details) {
    try {
      return toView(row, JSON.parse(row.details) as InvoiceDetails);
    } catch {
      // fall through to the rebuilt details
    }
  }
  const source = await findInvoiceSource(db, row.quote_id);
  if (!source) return null;
  const profile = await getBusinessProfile(db);
  return toView(
    row,
    invoiceDetails(profile, source, [
      { description: `Cleaning (quote ${source.quote.reference})`, amountCents: row.amount_cents },
    ]),
  );
}

/** A lead's invoices, for its details: number, amount and state. */
export async function getQuoteInvoices(db: Kysely<Database>, quoteId: string) {
  const rows = await listQuoteInvoices(db, quoteId);
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    amount: formatMoney(row.amount_cents),
    state: row.status === "void" ? "void" : row.status === "paid" ? "paid" : "due",
  }));
}

/** The invoice emailed to the client: every line, the total, the GST in it, paid or due. */
async function enqueueInvoiceEmail(
  trx: Kysely<Database>,
  invoice: InvoiceView,
  profile: BusinessProfile,
) {
  const { details } = invoice;
  const firstName = details.client.name.split(/\s+/)[0] ?? details.client.name;
  const rendered = renderEmail(
    {
      heading: `Tax invoice ${invoice.number}`,
      paragraphs: [
        `Hello ${firstName}, here is your tax invoice for quote ${details.reference}.`,
        `${details.business.name}, ABN ${details.business.abn}. Date: ${invoice.issuedLabel}.`,
        `Billed to: ${details.client.name}${details.client.address ? `, ${details.client.address}` : ""}.`,
        ...details.lines.map((line) => `${line.description}: ${formatMoney(line.amountCents)}`),
        `Total: ${formatMoney(invoice.totalCents)} (GST included: ${formatMoney(invoice.gstCents)}).`,
        invoice.paid
          ? `Paid${invoice.paidLabel ? ` on ${invoice.paidLabel}` : ""}. Thank you.`
          : "Amount due. Reply to this email if you have any questions.",
      ],
    },
    profile,
  );
  await enqueueEmail(trx, {
    topic: INVOICE_ISSUED,
    subjectType: "quote",
    subjectId: invoice.quoteId,
    to: details.client.email,
    replyTo: profile.email,
    subject: `Tax invoice ${invoice.number} from ${details.business.name}`,
    html: rendered.html,
    text: rendered.text,
  });
}
