import { buttonClasses } from "~/components/ui/button";

// Shared looks of the payroll screens, taken from the admin's existing row buttons and links.

export const ROW_BUTTON = buttonClasses(
  "outline",
  "min-h-11 px-3 py-1 text-sm dark:border-ivory/40 dark:text-ivory dark:hover:bg-ivory/10",
);

export const LINK =
  "inline-flex min-h-11 items-center font-semibold text-gold-deep underline underline-offset-4 dark:text-gold";

/** What the payroll actions answer: a toast, and the messages of a line's form if refused. */
export type PayrollActionResult = {
  intent: string;
  lineId?: string;
  error?: string;
  fieldErrors?: Record<string, string | undefined>;
  toast?: { tone: "saved" | "failed"; title: string };
};
