// A tax invoice (docs/decisions/0033-invoices-and-review-requests.md): what is stored
// when one is issued and what the printable page shows. Client-safe: no server imports.

export type InvoiceLine = { description: string; amountCents: number };

/** invoices.details: the invoice as issued, never rewritten by a later profile or price change. */
export type InvoiceDetails = {
  business: { name: string; abn: string; address: string; phone: string; email: string };
  client: { name: string; email: string; phone: string | null; address: string | null };
  reference: string;
  lines: InvoiceLine[];
};

export type InvoiceView = {
  id: string;
  number: string;
  quoteId: string;
  issuedAt: string;
  /** "25 Nov 2026" in Sydney */
  issuedLabel: string;
  details: InvoiceDetails;
  totalCents: number;
  gstCents: number;
  paid: boolean;
  paidLabel: string | null;
  void: boolean;
};

/** INV-000001: six digits, more when the series outgrows them. */
export function formatInvoiceNumber(serial: number) {
  return `INV-${String(serial).padStart(6, "0")}`;
}

/**
 * The GST in a GST-inclusive amount: one eleventh (10% on top of the price before GST), rounded
 * to the nearest cent, as the ATO allows for a total.
 */
export function gstOfInclusive(totalCents: number) {
  return Math.round(totalCents / 11);
}

/** ABN as printed: "12 345 678 901". */
export function formatAbn(abn: string) {
  const digits = abn.replace(/\D/g, "");
  if (digits.length !== 11) return abn;
  return `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}`;
}

export const INVOICE_TEXT = {
  issued: (number: string) => `Invoice ${number} issued and emailed`,
  existing: (number: string) => `Invoice ${number} was already issued for this amount`,
  reissued: (number: string, old: string) =>
    `Invoice ${number} issued for the new amount (${old} is void) and emailed`,
  unpriced: "This lead has no price yet, so there is nothing to invoice.",
  notFound: "That invoice does not exist.",
  /** The lead's words for a lead that is gone (LEADS_TEXT.notFound) */
  leadNotFound: "That lead no longer exists.",
};
