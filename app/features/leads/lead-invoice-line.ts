import type { InvoicedQuote } from "~/features/invoices/invoice.service.server";
import { LEVEL_NAMES } from "./lead-format";
import { SERVICE_TYPE_NAMES } from "./leads";

/** The invoice line for a lead's clean: "Residential cleaning, Deep Clean, 4 hours with 1 cleaner (quote HG-…)". */
export function invoiceLineDescription(quote: InvoicedQuote) {
  const service = SERVICE_TYPE_NAMES[quote.service_type] ?? quote.service_type;
  const level = quote.cleaning_level ? `, ${LEVEL_NAMES[quote.cleaning_level]}` : "";
  const cleaners = quote.cleaners_needed
    ? ` with ${quote.cleaners_needed} cleaner${quote.cleaners_needed === 1 ? "" : "s"}`
    : "";
  const hours = quote.estimated_hours !== null ? `, ${quote.estimated_hours} hours${cleaners}` : "";
  return `${service.replace(/ request$/, "")} cleaning${level}${hours} (quote ${quote.reference})`;
}
