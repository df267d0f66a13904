import type { Kysely } from "kysely";
import { decodeCursor, encodeCursor } from "~/components/kit/keyset";
import { firstErrorPerField, type FieldErrors } from "~/lib/field-errors";
import { formatDateTime } from "~/lib/format";
import { addDays, sydneyInstant } from "~/lib/sydney-time";
import type { Database } from "~/server/database";
import {
  actionLabel,
  AuditFilterSchema,
  type AuditEntry,
  type AuditFilter,
  type AuditFilterField,
  type StaffOption,
} from "./audit-log";
import {
  findIdsByReference,
  findSubjectNames,
  listAuditRows,
  listStaffNames,
} from "./audit-log.repository.server";

// The owners' audit screen (docs/decisions/0055-cleaner-edits-and-audit-log.md):
// one page of entries, newest first, each in words: when (Sydney), who, what was done, what it
// touched (linked where the back office has a page) and its details without anything secret.

export const AUDIT_PAGE_SIZE = 50;

export type AuditPage =
  | { ok: true; entries: AuditEntry[]; nextCursor: string | null; staff: StaffOption[] }
  | { ok: false; fieldErrors: FieldErrors<AuditFilterField>; staff: StaffOption[] };

type Row = Awaited<ReturnType<typeof listAuditRows>>[number];
type Names = Awaited<ReturnType<typeof findSubjectNames>>;

const ACTOR_WORDS: Record<string, string> = {
  customer: "A customer",
  system: "The system",
  visitor: "A visitor",
};

/** Details never shown: credentials, hashes of them, bank numbers and personal contact data. */
const HIDDEN_DETAIL =
  /token|secret|password|hash|code|key|bsb|account|tfn|card|cookie|session|otp|email|phone|address/i;
const MAX_DETAIL_LINES = 12;
const MAX_DETAIL_TEXT = 200;

export async function getAuditLog(
  db: Kysely<Database>,
  filter: AuditFilter,
  options: { limit?: number } = {},
): Promise<AuditPage> {
  const staff = await listStaffNames(db);
  if (filter.who && !staff.some((member) => member.id === filter.who)) {
    return { ok: false, fieldErrors: { who: "Please choose someone from the list." }, staff };
  }
  const limit = options.limit ?? AUDIT_PAGE_SIZE;
  const cursor = decodeCursor(filter.before);
  const rows = await listAuditRows(db, {
    action: filter.action,
    actorId: filter.who,
    subjectIds: filter.subject ? await subjectIdsFor(db, filter.subject) : undefined,
    from: filter.from ? sydneyInstant(filter.from, "00:00").toISOString() : undefined,
    until: filter.to ? sydneyInstant(addDays(filter.to, 1), "00:00").toISOString() : undefined,
    before: cursor ? { createdAt: cursor.value, id: cursor.id } : undefined,
    // One more than a page says whether there is a next one without counting.
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const names = await findSubjectNames(
    db,
    page.flatMap((row) => (row.subject_id ? [row.subject_id] : [])),
  );
  const staffNames = new Map(staff.map((member) => [member.id, member.name]));
  return {
    ok: true,
    entries: page.map((row) => toEntry(row, names, staffNames)),
    nextCursor:
      rows.length > limit && last ? encodeCursor({ value: last.created_at, id: last.id }) : null,
    staff,
  };
}

/** The id typed, and the quotes and bookings it names when it is a reference (any case). */
async function subjectIdsFor(db: Kysely<Database>, typed: string) {
  const references = [...new Set([typed, typed.toUpperCase()])];
  return [typed, ...(await findIdsByReference(db, references))];
}

function toEntry(row: Row, names: Names, staffNames: Map<string, string>): AuditEntry {
  return {
    id: row.id,
    at: { iso: row.created_at, label: formatDateTime(row.created_at, { seconds: true }) },
    who:
      row.actor_type === "staff"
        ? (row.staff_name ?? "A former member of staff")
        : (ACTOR_WORDS[row.actor_type] ?? row.actor_type),
    action: row.action,
    actionLabel: actionLabel(row.action),
    subject: subjectOf(row, names, staffNames),
    details: detailLines(row.details),
  };
}

const shortId = (id: string) => (id.length > 12 ? `${id.slice(0, 8)}…` : id);

function subjectOf(row: Row, names: Names, staffNames: Map<string, string>): AuditEntry["subject"] {
  const id = row.subject_id;
  const type = row.subject_type;
  if (!type) return null;
  if (!id) return { label: words(type), href: null };
  switch (type) {
    case "quote": {
      const quote = names.quotes.find((one) => one.id === id);
      return quote
        ? { label: `Lead ${quote.reference}`, href: `/admin/quotes/${id}` }
        : { label: `Lead ${shortId(id)} (deleted)`, href: null };
    }
    case "booking": {
      const booking = names.bookings.find((one) => one.id === id);
      return booking
        ? { label: `Booking ${booking.reference}`, href: `/admin/quotes/${booking.quote_id}` }
        : { label: `Booking ${shortId(id)}`, href: null };
    }
    case "cleaner": {
      const cleaner = names.cleaners.find((one) => one.id === id);
      return cleaner
        ? { label: `Cleaner ${cleaner.name}`, href: `/admin/cleaners/${id}` }
        : { label: `Cleaner ${shortId(id)} (removed)`, href: null };
    }
    case "invoice":
      return { label: `Invoice ${shortId(id)}`, href: `/admin/invoices/${id}` };
    case "staff":
    case "staff_user": {
      const name = staffNames.get(id);
      return { label: name ? `Staff ${name}` : `Staff ${shortId(id)}`, href: "/admin/team" };
    }
    case "contact_message":
      return { label: `Contact message ${shortId(id)}`, href: "/admin/messages" };
    case "outbox_message":
      return { label: `Delivery ${shortId(id)}`, href: "/admin/deliveries" };
    case "payout":
      return { label: `Payout ${shortId(id)}`, href: "/admin/finance" };
    case "settings":
      return { label: "Settings", href: "/admin/settings" };
    default:
      return {
        label: `${words(type).replace(/^./, (c) => c.toUpperCase())} ${shortId(id)}`,
        href: null,
      };
  }
}

function words(key: string) {
  return key
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/_/g, " ")
    .toLowerCase();
}

/** The details column (JSON) as lines; a secret or personal one is left out, never masked. */
export function detailLines(text: string | null): string[] {
  if (!text) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return [];
  return Object.entries(parsed)
    .filter(([key]) => !HIDDEN_DETAIL.test(key))
    .slice(0, MAX_DETAIL_LINES)
    .map(([key, value]) => {
      const label = words(key).replace(/^./, (first) => first.toUpperCase());
      const shown = valueText(value);
      return `${label}: ${shown.length > MAX_DETAIL_TEXT ? `${shown.slice(0, MAX_DETAIL_TEXT)}…` : shown}`;
    });
}

function valueText(value: unknown): string {
  if (value === null || value === undefined) return "none";
  if (Array.isArray(value)) return value.length === 0 ? "none" : value.map(valueText).join(", ");
  if (typeof value === "object") {
    return Object.entries(value)
      .filter(([key]) => !HIDDEN_DETAIL.test(key))
      .map(([key, inner]) => `${words(key)} ${valueText(inner)}`)
      .join("; ");
  }
  return String(value);
}

/** What the screen reads from its URL: the filters as typed, to show them again. */
export type AuditFilterValues = Record<AuditFilterField, string>;

/**
 * The screen's page for its URL: the filters checked with their schema (a bad one answers its
 * message beside the field and lists nothing), then the page they ask for.
 */
export async function readAuditScreen(
  db: Kysely<Database>,
  params: URLSearchParams,
): Promise<AuditPage & { values: AuditFilterValues }> {
  const values: AuditFilterValues = {
    action: params.get("action") ?? "",
    who: params.get("who") ?? "",
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
    subject: params.get("subject") ?? "",
  };
  const parsed = AuditFilterSchema.safeParse({ ...values, before: params.get("before") ?? "" });
  if (!parsed.success) {
    const fieldErrors = firstErrorPerField<AuditFilterField>(parsed.error);
    return { ok: false, fieldErrors, staff: await listStaffNames(db), values };
  }
  return { ...(await getAuditLog(db, parsed.data)), values };
}
