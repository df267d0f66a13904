// The ABA (Cemtex) file Australian banks take for a batch of payments
// (docs/decisions/0082-aba-bank-file.md): 120-character records, a descriptive record (0), one
// detail record (1) per payment and a file total record (7), each line ending CRLF. Written here
// rather than with a library so that amounts stay integer cents from the run to the file.

export type AbaHeader = {
  /** The business's bank, three letters (WBC, CBA, ANZ, NAB...) */
  bankCode: string;
  userName: string;
  /** The APCA user identification number, 6 digits */
  apcaNumber: string;
  /** What the batch is, 12 characters: "PAY RUN" */
  description: string;
  /** The day to process, Sydney, YYYY-MM-DD */
  processDate: string;
  /** The account the money leaves from: the trace account of every record */
  bsb: string;
  account: string;
  /** The remitter's name each payee's statement shows, 16 characters */
  remitter: string;
};

export type AbaPayment = {
  bsb: string;
  account: string;
  accountName: string;
  amountCents: number;
  /** What the payee's statement shows, 18 characters */
  reference: string;
};

/** Transaction code 53: pay (salary and wages, to the payee's account). */
export const ABA_PAY = "53";

// ABA fields take a restricted character set (BECS): anything else becomes a space.
const clean = (value: string) => value.replace(/[^A-Za-z0-9 &'().,/+\-*]/g, " ");
const left = (value: string, width: number) => clean(value).slice(0, width).padEnd(width, " ");
const rightSpaces = (value: string, width: number) =>
  clean(value).slice(0, width).padStart(width, " ");
const zeros = (value: number, width: number) => String(value).padStart(width, "0").slice(-width);
const bsbField = (bsb: string) => {
  const digits = bsb.replace(/\D/g, "");
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}`;
};
const ddmmyy = (date: string) => `${date.slice(8, 10)}${date.slice(5, 7)}${date.slice(2, 4)}`;

function descriptiveRecord(header: AbaHeader) {
  return [
    "0",
    " ".repeat(17),
    "01",
    left(header.bankCode.toUpperCase(), 3),
    " ".repeat(7),
    left(header.userName, 26),
    zeros(Number(header.apcaNumber), 6),
    left(header.description, 12),
    ddmmyy(header.processDate),
    " ".repeat(40),
  ].join("");
}

function detailRecord(header: AbaHeader, payment: AbaPayment) {
  return [
    "1",
    bsbField(payment.bsb),
    rightSpaces(payment.account.replace(/\D/g, ""), 9),
    " ",
    ABA_PAY,
    zeros(payment.amountCents, 10),
    left(payment.accountName, 32),
    left(payment.reference, 18),
    bsbField(header.bsb),
    rightSpaces(header.account.replace(/\D/g, ""), 9),
    left(header.remitter, 16),
    zeros(0, 8),
  ].join("");
}

function fileTotalRecord(payments: AbaPayment[]) {
  const credits = payments.reduce((sum, payment) => sum + payment.amountCents, 0);
  return [
    "7",
    "999-999",
    " ".repeat(12),
    zeros(credits, 10),
    zeros(credits, 10),
    zeros(0, 10),
    " ".repeat(24),
    zeros(payments.length, 6),
    " ".repeat(40),
  ].join("");
}

/** The whole file. Payments of $0 or less are left out: a bank refuses them. */
export function writeAbaFile(header: AbaHeader, payments: AbaPayment[]) {
  const paid = payments.filter((payment) => payment.amountCents > 0);
  const records = [
    descriptiveRecord(header),
    ...paid.map((payment) => detailRecord(header, payment)),
    fileTotalRecord(paid),
  ];
  return `${records.join("\r\n")}\r\n`;
}
