// Cells of the finance export made safe for spreadsheets: a value starting with = + - @, a tab
// or a carriage return would be read as a formula (CSV injection, OWASP), so it gets a leading
// single quote, which spreadsheets show as text. Quoting (commas, quotes, newlines) is
// csv-stringify's.

const FORMULA_START = /^[=+\-@\t\r]/;

export function safeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
