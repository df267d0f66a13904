// The words of staff marking a booking paid after the service (docs/product/back-office.md,
// the quote details' booking actions): the payments service answers a refusal with them.

export const MARK_PAID_TEXT = {
  alreadyPaid: "This booking is already paid.",
  notPayable: "This booking cannot be marked paid (it is cancelled or refunded).",
  notFound: "That booking is not on this lead.",
} as const;
