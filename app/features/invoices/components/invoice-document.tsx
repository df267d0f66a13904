import { Printer } from "lucide-react";
import { buttonClasses } from "~/components/ui/button";
import { type InvoiceView } from "../invoice";
import { formatMoney } from "~/lib/format";

/** The Print button: the browser's own print dialog (the page's print styles drop the frame). */
export function PrintButton() {
  return (
    <button
      type="button"
      onClick={() => window.print()}
      className={buttonClasses("ink", "gap-2 dark:bg-gold dark:text-ink print:hidden")}
    >
      <Printer aria-hidden="true" className="size-4" />
      Print
    </button>
  );
}

/**
 * A tax invoice as issued (docs/decisions/0033-invoices-and-review-requests.md): "Tax invoice",
 * the business's name and ABN, the number and date, the client, the lines, the total with the
 * GST it includes, and paid or due. Black on white when printed, whatever the theme.
 */
// eslint-disable-next-line max-lines-per-function -- markup only
export function InvoiceDocument({ invoice }: { invoice: InvoiceView }) {
  const { details } = invoice;
  return (
    <article
      aria-labelledby="invoice-title"
      className="max-w-3xl rounded-lg border border-line bg-white p-5 text-sm text-ink sm:p-8 print:max-w-none print:border-0 print:p-0"
    >
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-lg font-semibold">{details.business.name}</p>
          <p>ABN {details.business.abn}</p>
          <p>{details.business.address}</p>
          <p>
            {details.business.phone} · {details.business.email}
          </p>
        </div>
        <div className="text-right">
          <h2 id="invoice-title" className="text-2xl font-semibold">
            Tax invoice
          </h2>
          <p className="font-semibold">{invoice.number}</p>
          <p>
            Date: <time dateTime={invoice.issuedAt}>{invoice.issuedLabel}</time>
          </p>
          {invoice.void && <p className="font-semibold text-danger">Void</p>}
        </div>
      </header>

      <section aria-labelledby="invoice-client" className="mt-6">
        <h3 id="invoice-client" className="font-semibold">
          Billed to
        </h3>
        <p>{details.client.name}</p>
        {details.client.address && <p>{details.client.address}</p>}
        <p>{details.client.email}</p>
        {details.client.phone && <p>{details.client.phone}</p>}
        <p className="mt-1 text-muted">Quote {details.reference}</p>
      </section>

      <table className="mt-6 w-full border-collapse">
        <caption className="sr-only">Invoice lines</caption>
        <thead>
          <tr className="border-b border-ink/30 text-left">
            <th scope="col" className="py-2 font-semibold">
              Description
            </th>
            <th scope="col" className="py-2 text-right font-semibold">
              Amount (GST included)
            </th>
          </tr>
        </thead>
        <tbody>
          {details.lines.map((line, index) => (
            <tr key={index} className="border-b border-line">
              <td className="py-2 pr-4">{line.description}</td>
              <td className="py-2 text-right tabular-nums">{formatMoney(line.amountCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="pt-3 text-left font-semibold">
              Total
            </th>
            <td className="pt-3 text-right font-semibold tabular-nums">
              {formatMoney(invoice.totalCents)}
            </td>
          </tr>
          <tr>
            <th scope="row" className="text-left font-normal">
              GST included in the total
            </th>
            <td className="text-right tabular-nums">{formatMoney(invoice.gstCents)}</td>
          </tr>
        </tfoot>
      </table>

      <p className="mt-6 text-base font-semibold">
        {invoice.paid
          ? `Paid${invoice.paidLabel ? ` on ${invoice.paidLabel}` : ""}`
          : `Amount due: ${formatMoney(invoice.totalCents)}`}
      </p>
    </article>
  );
}
