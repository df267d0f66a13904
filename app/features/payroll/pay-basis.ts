import { z } from "zod";

// A cleaner's rates per service type as stored (cleaners.service_pay_rates, JSON), read through
// one schema: a malformed value reads as no service rates (docs/decisions/0080-pay-rules.md).
export const ServiceRatesSchema = z
  .object({
    residential: z.number().int().positive(),
    commercial: z.number().int().positive(),
    "post-construction": z.number().int().positive(),
    subscription: z.number().int().positive(),
  })
  .partial();
