import { formatPlainAmount } from "~/lib/format";

// Cells of the finance export. Text from the database or the business (references, names,
// descriptions, categories) is made safe for spreadsheets: a value starting with = + - @, a tab
// or a carriage return would be read as a formula (CSV injection, OWASP), so it gets a leading
// single quote, which spreadsheets show as text. Numbers the export writes itself (amounts,
// percentages) are never guarded: "'-32.1" is text to a spreadsheet, and a figure must stay a
// number to be summed. Quoting (commas, quotes, newlines) is csv-stringify's.

const FORMULA_START = /^[=+\-@\t\r]/;

/** Excel on Windows reads a CSV as the system's code page unless it starts with a UTF-8 BOM. */
export const UTF8_BOM = "\uFEFF";

/** A text cell, guarded when it would start a formula. */
export function safeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** An amount in dollars as a spreadsheet number: -1250 -> "-12.50". */
export function amountCell(cents: number): string {
  return formatPlainAmount(cents);
}

/** A percentage as a spreadsheet number, without its sign: -32.1 -> "-32.1". */
export function percentCell(value: number): string {
  return String(value);
}
