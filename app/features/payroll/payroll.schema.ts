import { z } from "zod";
import { formList } from "~/lib/forms";

// The payroll screens' forms (docs/decisions/0080-pay-rules.md,
// docs/decisions/0081-pay-runs-pay-a-line-once.md). Client-safe: the browser and the server
// parse the same schemas.

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Dollars typed by hand, signed when `signed`, read as cents. */
const dollars = (example: string, signed: boolean) =>
  z
    .string({ error: "Enter an amount" })
    .trim()
    .transform((value) => value.replace(/[$,\s]/g, "") || "0")
    .pipe(
      z
        .string()
        .regex(
          signed ? /^-?\d{1,6}(\.\d{1,2})?$/ : /^\d{1,6}(\.\d{1,2})?$/,
          `Enter an amount in dollars, e.g. ${example}`,
        ),
    )
    .transform((value) => Math.round(Number(value) * 100));

export const PAYROLL_TEXT = {
  reasonNeeded: "Give the reason for this adjustment",
  lineNotFound: "This timesheet line was not found.",
  lineLocked: "This line is approved and locked: it can no longer be changed.",
  lineAdjusted: "Timesheet line saved",
  linesApproved: (count: number) => (count === 1 ? "1 line approved" : `${count} lines approved`),
  nothingToApprove: "Choose at least one pending line to approve.",
  notAPeriod: "Choose one of the pay periods offered.",
  nothingToPay:
    "Every approved line of this period is already in a pay run, or none is approved yet.",
  runBuilt: (reference: string) => `Pay run ${reference} drafted`,
  runNotFound: "Pay run not found",
  runApproved: "Pay run approved",
  runPaid: "Pay run marked paid: remittance advice is on its way to each cleaner",
  runDeleted: "Draft pay run deleted: its lines are free for another run",
  notDraft: "Only a draft pay run can be approved or deleted.",
  notApproved: "Only an approved pay run can be paid or exported to the bank.",
  noBankDetails:
    "Enter the business's BSB, account, bank code, user name and APCA number in Settings first.",
  missingCleanerBank: (names: string[]) =>
    `These cleaners have no BSB and account number on file: ${names.join(", ")}.`,
  noTax:
    "No tax is calculated here: enter any withholding per line, or leave it to your accountant.",
} as const;

export const AdjustLineSchema = z
  .object({
    lineId: z.string().trim().min(1).max(64),
    adjustment: dollars("-12.50", true),
    reason: z
      .string()
      .trim()
      .max(300, "Use at most 300 characters")
      .optional()
      .transform((value) => value || null),
    withholding: dollars("45.00", false),
  })
  .refine((value) => value.adjustment === 0 || value.reason, {
    path: ["reason"],
    message: PAYROLL_TEXT.reasonNeeded,
  });
export type AdjustLine = z.output<typeof AdjustLineSchema>;

export const ApproveLinesSchema = z.object({
  // One line's Approve, or Approve all with one line pending, posts a single id.
  lineIds: z.preprocess(
    formList,
    z
      .array(z.string().trim().min(1).max(64), PAYROLL_TEXT.nothingToApprove)
      .min(1, PAYROLL_TEXT.nothingToApprove)
      .max(2000),
  ),
});

/** Build a run: the period chosen, sent as "first-day/last-day". */
export const BuildRunSchema = z.object({
  period: z
    .string({ error: PAYROLL_TEXT.notAPeriod })
    .regex(/^\d{4}-\d{2}-\d{2}\/\d{4}-\d{2}-\d{2}$/, PAYROLL_TEXT.notAPeriod)
    .transform((value) => {
      const [periodStart, periodEnd] = value.split("/") as [string, string];
      return { periodStart, periodEnd };
    }),
});

export const RunIdSchema = z.object({ runId: z.string().trim().min(1).max(64) });

/** The timesheets screen's URL: a period's first day, read leniently. */
export const TimesheetQuerySchema = z.object({
  from: z.string().regex(DATE).optional().catch(undefined),
});
