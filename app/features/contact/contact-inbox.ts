import { z } from "zod";

// docs/product/back-office.md#contact-messages: the back office's inbox of contact messages. Client-safe:
// the page and the server share the filter (in the URL, ?q=&status=&after=), the texts and the
// shapes.

export const CONTACT_INBOX_PATH = "/admin/messages";

/** Messages per page: a bounded page, with a link to the next (keyset). */
export const CONTACT_INBOX_PAGE_SIZE = 25;

export const CONTACT_MESSAGE_STATUSES = ["open", "handled"] as const;
export type ContactMessageStatus = (typeof CONTACT_MESSAGE_STATUSES)[number];

export const CONTACT_STATUS_LABELS: Record<ContactMessageStatus, string> = {
  open: "Open",
  handled: "Handled",
};

export const CONTACT_INBOX_TEXT = {
  title: "Messages",
  intro:
    "What visitors wrote through the contact form, newest first. Mark each handled once answered.",
  none: "No messages yet",
  noMatch: "No messages match your search",
  failed: "Failed to load messages. Please refresh the page, or try again in a minute.",
  markHandled: "Mark handled",
  reopen: "Reopen",
  reply: "Reply by email",
  handled: "Marked handled.",
  reopened: "Reopened.",
  notFound: "That message no longer exists.",
} as const;

/** The inbox's URL, read leniently: an unknown value is as if it were not there. */
export const ContactInboxFilterSchema = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .catch(undefined)
    .transform((value) => value || undefined),
  status: z.enum(CONTACT_MESSAGE_STATUSES).optional().catch(undefined),
  after: z.string().max(500).optional().catch(undefined),
});

export type ContactInboxFilter = z.output<typeof ContactInboxFilterSchema>;

export function readContactInboxFilter(params: URLSearchParams): ContactInboxFilter {
  return ContactInboxFilterSchema.parse(Object.fromEntries(params));
}

/** What a row's button posts: the message and the status it moves to. */
export const ContactStatusChangeSchema = z.object({
  intent: z.literal("set-status"),
  id: z.string().trim().min(1, "Choose a message.").max(100),
  status: z.enum(CONTACT_MESSAGE_STATUSES, { message: "Choose open or handled." }),
});

export type ContactInboxMessage = {
  id: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  /** ISO-8601 UTC */
  receivedAt: string;
  status: ContactMessageStatus;
  /** ISO-8601 UTC, when handled */
  handledAt: string | null;
};

export type ContactInboxPage = {
  messages: ContactInboxMessage[];
  /** The cursor of the next page, or null on the last */
  next: string | null;
  /** Whether any message exists at all, to tell "none" from "none matching" */
  anyMessages: boolean;
};

/** The mailto: link of Reply by email: the visitor's address, a subject naming what they wrote. */
export function replyHref(message: Pick<ContactInboxMessage, "email">, businessName: string) {
  const subject = `Re: your message to ${businessName}`;
  return `mailto:${encodeURIComponent(message.email)}?subject=${encodeURIComponent(subject)}`;
}

/** What the inbox's action answers: the message it was about, and a toast or an error. */
export type ContactStatusAnswer = {
  id: string;
  toast?: { tone: "saved" | "failed"; title: string };
  error?: string;
};
