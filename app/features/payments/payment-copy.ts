// The payment pages' words (docs/product/public-site.md#payment-details,
// docs/product/public-site.md#payment-success, docs/product/public-site.md#messages). The spec's
// texts are kept word for word: "Pay Now", "Processing...", "Payment failed", View My Bookings and
// Return to Home.

export const PAYMENT_COPY = {
  title: "Payment details",
  eyebrow: "Payment",
  back: "Back",
  summaryTitle: "Order summary",
  service: "Service",
  hours: "Hours",
  hourlyRate: "Hourly rate",
  discount: "Rewards discount",
  total: "Total",
  totalNote: "AUD, GST included",
  cardTitle: "Card details",
  cardNumber: "Card number",
  expiry: "Expiry (MM/YY)",
  cvc: "CVC",
  payNow: "Pay Now",
  processing: "Processing...",
  paymentFailed: "Payment failed",
  secureNote: "Your payment is secure and encrypted.",
  testModeTitle: "Test mode",
  testModeNote:
    "No real card is charged. Use 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002 to see a declined card, with any future expiry date and any 3-digit CVC.",
  testModeCardNote: "Card details stay in your browser: only a test token is sent.",
  noScriptCardNote:
    "JavaScript is off in your browser, so this page cannot check a typed card. Choose a test card instead: only its test token is sent.",
  testCardLegend: "Test card",
  stripeNote: "You will enter your card on Stripe's secure checkout page.",
  offTitle: "Pay after your clean",
  offNote:
    "Online payment is not available. Your booking is paid after the service: our team will arrange payment with you.",
  paidTitle: "This booking is paid",
  paidNote: "Thank you: there is nothing more to pay for this booking.",
  cancelledTitle: "This booking was cancelled",
  cancelledNote: "There is nothing to pay for a cancelled booking.",
  viewReceipt: "View payment confirmation",
} as const;

export const PAYMENT_SUCCESS_COPY = {
  title: "Payment successful",
  eyebrow: "Payment",
  pendingTitle: "Confirming your payment",
  viewBookings: "View My Bookings",
  home: "Return to Home",
} as const;

/** What the payment success page says in each state of the booking's payment. */
export const PAYMENT_RESULT_COPY = {
  paid: {
    title: "Payment successful",
    heading: (amount: string) => `Thank you: ${amount} paid`,
    note: "A receipt is on its way to your email.",
    invoiceNote: "Your tax invoice is below, and a copy is on its way to your email.",
  },
  payable: {
    title: "Confirming your payment",
    heading: () => "We are confirming your payment",
    note: "The payment processor has not confirmed it yet. This usually takes a few seconds, and this page checks again by itself.",
  },
  refunded: {
    title: "Payment refunded",
    heading: (amount: string) => `${amount} refunded`,
    note: "Your payment was refunded to the card it came from. It can take a few business days to show on your statement.",
  },
  cancelled: {
    title: "Booking cancelled",
    heading: () => "This booking was cancelled",
    note: "There is nothing to pay for a cancelled booking.",
  },
} as const;

/** A quote's service type as the finance ledger and the summary name it. */
export const SERVICE_LABELS: Record<string, string> = {
  residential: "Residential",
  commercial: "Commercial",
  "post-construction": "Post-Construction",
  subscription: "Subscription",
};

export const LEVEL_LABELS: Record<string, string> = {
  basic: "Basic Clean",
  deep: "Deep Clean",
  premium: "Premium Clean",
};

/** "Residential, Deep Clean" */
export function serviceName(serviceType: string, level: string | null) {
  const service = SERVICE_LABELS[serviceType] ?? serviceType;
  return level && LEVEL_LABELS[level] ? `${service}, ${LEVEL_LABELS[level]}` : service;
}

/**
 * The receipt email: a tax invoice once the payment has one
 * (docs/decisions/0054-tax-invoice-receipts-and-one-price.md).
 */
export const RECEIPT_TEXT = {
  heading: (number: string) => `Tax invoice ${number}`,
  subject: (number: string, business: string) => `Tax invoice ${number} from ${business}: paid`,
  keep: "Keep this email as your tax invoice.",
  viewInvoice: "View your tax invoice",
  // A quote with no price has no invoice: the plain receipt of before.
  plainHeading: "Payment received",
  plainSubject: (reference: string) => `Payment received: booking ${reference}`,
  gstIncluded: "Prices include GST. Keep this email as your receipt.",
  viewPayment: "View your payment",
} as const;
