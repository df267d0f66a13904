import { z } from "zod";
import { abnChecksumHolds } from "~/lib/field-rules";

// docs/decisions/0092-pay-basis-and-other-payments.md: the pay basis form on a cleaner's record,
// shared by the form (Conform) and the server. A contractor gives an ABN (checked with the ATO's
// checksum), an employee a TFN (9 digits; stored encrypted and never shown again, so a blank one
// keeps the stored one). Rates are dollars an hour; a blank rate falls back as the rate engine
// does: the service's rate, else the cleaner's own, else the business's
// (app/features/payroll/pay-rules.ts rateFor).

export const EMPLOYMENT_TYPES = ["contractor", "employee"] as const;

export const EMPLOYMENT_LABELS = { contractor: "Contractor (ABN)", employee: "Employee (TFN)" };

/**
 * A cleaner's rates per service type as stored (cleaners.service_pay_rates, JSON), read through
 * one schema: a malformed value reads as no service rates (docs/decisions/0080-pay-rules.md).
 */
export const ServiceRatesSchema = z
  .object({
    residential: z.number().int().positive(),
    commercial: z.number().int().positive(),
    "post-construction": z.number().int().positive(),
    subscription: z.number().int().positive(),
  })
  .partial();

export const PAY_BASIS_TEXT = {
  title: "Pay basis",
  intro:
    "How this cleaner is paid. Timesheet lines take the rate for the job's service, else their own hourly rate, else the business's pay rate. A rate change applies to jobs completed from now on.",
  submit: "Save pay basis",
  saved: "Pay basis saved. The change was recorded in the audit log.",
  employmentLegend: "Engaged as",
  abnRequired: "Enter the contractor's ABN",
  abnInvalid: "This ABN is not valid. Check the 11 digits.",
  tfnInvalid: "Tax file number must be exactly 9 digits",
  tfnRequired: "Enter the employee's tax file number",
  tfnKeep: (masked: string) => `Leave blank to keep ${masked}.`,
  rateHint: "Leave blank to use the business's pay rate.",
  serviceRateHint: "Leave blank to use the hourly rate.",
  noTax:
    "No tax is calculated here: withholding is typed per timesheet line or left to the accountant.",
} as const;

const MONEY = /^\$?\s*(\d{1,4})(?:\.(\d{1,2}))?$/;

/** An optional rate in dollars an hour ("34" or "$34.50") read as cents, or null when blank. */
const optionalRate = (label: string) =>
  z
    .string()
    .trim()
    .default("")
    .refine(
      (value) => value === "" || MONEY.test(value),
      `Enter the ${label} in dollars an hour, like 34 or 34.50`,
    )
    .transform((value) => {
      if (value === "") return null;
      const [, whole, cents = ""] = MONEY.exec(value)!;
      return Number(whole) * 100 + Number(cents.padEnd(2, "0"));
    })
    .refine((cents) => cents === null || cents > 0, `The ${label} must be more than $0`);

export const PayBasisSchema = z
  .object({
    employmentType: z.enum(EMPLOYMENT_TYPES, { error: "Choose contractor or employee" }),
    abn: z
      .string()
      .trim()
      .default("")
      .transform((value) => value.replace(/\s+/g, "")),
    tfn: z
      .string()
      .trim()
      .default("")
      .transform((value) => value.replace(/[\s-]+/g, ""))
      .refine((value) => value === "" || /^\d{9}$/.test(value), PAY_BASIS_TEXT.tfnInvalid),
    hourlyRate: optionalRate("hourly rate"),
    residentialRate: optionalRate("residential rate"),
    commercialRate: optionalRate("commercial rate"),
    postConstructionRate: optionalRate("post-construction rate"),
    subscriptionRate: optionalRate("subscription rate"),
  })
  .superRefine((value, ctx) => {
    if (value.employmentType !== "contractor") return;
    if (value.abn === "") {
      ctx.addIssue({ code: "custom", path: ["abn"], message: PAY_BASIS_TEXT.abnRequired });
    } else if (!abnChecksumHolds(value.abn)) {
      ctx.addIssue({ code: "custom", path: ["abn"], message: PAY_BASIS_TEXT.abnInvalid });
    }
  });

export type PayBasisInput = z.output<typeof PayBasisSchema>;
export type PayBasisField = Extract<keyof z.input<typeof PayBasisSchema>, string>;

/** The form's per-service fields and the service type each sets. */
export const SERVICE_RATE_FIELDS = [
  { field: "residentialRate", service: "residential", label: "Residential" },
  { field: "commercialRate", service: "commercial", label: "Commercial" },
  { field: "postConstructionRate", service: "post-construction", label: "Post-construction" },
  { field: "subscriptionRate", service: "subscription", label: "Subscription" },
] as const;

/** What the form starts from: the stored basis, money back in dollars. */
export type PayBasisValues = {
  employmentType: (typeof EMPLOYMENT_TYPES)[number];
  abn: string;
  hasTfn: boolean;
  hourlyRate: string;
  residentialRate: string;
  commercialRate: string;
  postConstructionRate: string;
  subscriptionRate: string;
};
