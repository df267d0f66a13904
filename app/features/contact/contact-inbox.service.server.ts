import type { Kysely } from "kysely";
import { decodeCursor, encodeCursor } from "~/components/kit/keyset";
import { parseForm } from "~/lib/forms";
import { newId } from "~/lib/ids";
import { failure, type Result } from "~/lib/result";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { Database } from "~/server/database";
import {
  CONTACT_INBOX_PAGE_SIZE,
  CONTACT_INBOX_TEXT,
  ContactStatusChangeSchema,
  type ContactInboxFilter,
  type ContactInboxMessage,
  type ContactInboxPage,
  type ContactMessageStatus,
} from "./contact-inbox";
import {
  anyContactMessageExists,
  countOpenContactMessages,
  findContactMessageHandledAt,
  findContactMessagePage,
  updateContactMessageHandledIf,
} from "./contact.repository.server";

// docs/product/back-office.md#contact-messages and docs/decisions/0046-contact-inbox.md:
// every contact message waits in the back office, open until someone marks it handled.

type Row = Awaited<ReturnType<typeof findContactMessagePage>>[number];

/** One page of the inbox, newest first, with the next page's cursor. */
export async function listContactMessages(
  db: Kysely<Database>,
  filter: ContactInboxFilter,
  pageSize = CONTACT_INBOX_PAGE_SIZE,
): Promise<ContactInboxPage> {
  const rows = await findContactMessagePage(db, {
    search: filter.q,
    status: filter.status,
    after: decodeCursor(filter.after) ?? undefined,
    limit: pageSize + 1,
  });
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  const next =
    rows.length > pageSize && last ? encodeCursor({ value: last.created_at, id: last.id }) : null;
  const anyMessages = page.length > 0 || (await anyContactMessageExists(db));
  return { messages: page.map(toMessage), next, anyMessages };
}

/** The count beside Messages in the back office's menu. */
export function countOpenMessages(db: Kysely<Database>) {
  return countOpenContactMessages(db);
}

function toMessage(row: Row): ContactInboxMessage {
  return {
    id: row.id,
    name: `${row.first_name} ${row.last_name}`,
    email: row.email,
    phone: row.phone,
    message: row.message,
    receivedAt: row.created_at,
    status: row.handled_at === null ? "open" : "handled",
    handledAt: row.handled_at,
  };
}

export type StatusChangeActor = { staffId: string; ip: string | null };

/**
 * Marks a message handled or reopens it, posted from the inbox: a compare-and-set on handled_at
 * with an audit entry {from, to} in the same transaction. Nothing is written when the message
 * already has that status.
 */
export async function changeContactMessageStatus(
  db: Kysely<Database>,
  form: FormData | URLSearchParams,
  actor: StatusChangeActor,
  now = new Date(),
): Promise<Result<{ status: ContactMessageStatus; changed: boolean }>> {
  const parsed = parseForm(form, ContactStatusChangeSchema);
  if (!parsed.ok) {
    const message = Object.values(parsed.fieldErrors)[0] ?? "Choose a message.";
    return failure("invalid", message, parsed.fieldErrors);
  }
  const { id, status } = parsed.value;
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    for (;;) {
      const current = await findContactMessageHandledAt(trx, id);
      if (!current) return failure("not_found", CONTACT_INBOX_TEXT.notFound);
      const from: ContactMessageStatus = current.handled_at === null ? "open" : "handled";
      if (from === status) return { ok: true as const, status, changed: false };
      const handledAt = status === "handled" ? at : null;
      if (!(await updateContactMessageHandledIf(trx, id, current.handled_at, handledAt))) continue;
      await insertAuditEntry(trx, {
        id: newId(),
        actor_type: "staff",
        actor_id: actor.staffId,
        action: "contact_message.status_changed",
        subject_type: "contact_message",
        subject_id: id,
        details: JSON.stringify({ from, to: status }),
        ip: actor.ip,
        created_at: at,
      });
      return { ok: true as const, status, changed: true };
    }
  });
}
