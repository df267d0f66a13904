/** The red banner of docs/product/public-site.md#messages "Payment": the error, read out when it appears. */
export function PaymentErrorBanner({ message }: { message?: string }) {
  return (
    <div role="alert" className="empty:hidden">
      {message && (
        <p
          data-testid="payment-error"
          className="rounded-md border border-danger/50 bg-danger/10 px-4 py-3 font-semibold text-danger"
        >
          {message}
        </p>
      )}
    </div>
  );
}
