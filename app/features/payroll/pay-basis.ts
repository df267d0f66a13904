// A cleaner's rates per service type as stored (cleaners.service_pay_rates, JSON), read through
// one schema kept beside the form that writes them (docs/decisions/0092-pay-basis-and-other-payments.md):
// a malformed value reads as no service rates (docs/decisions/0080-pay-rules.md).
export { ServiceRatesSchema } from "~/features/cleaners/pay-basis.schema";
