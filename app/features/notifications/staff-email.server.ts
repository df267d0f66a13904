import type { Kysely } from "kysely";
import { renderEmail } from "~/features/outbox/email/render-email";
import { enqueueEmail } from "~/features/outbox/outbox.service.server";
import {
  getBusinessProfile,
  getNotificationSettings,
} from "~/features/settings/settings.service.server";
import type { BusinessProfile } from "~/features/settings/business-profile";
import type { Database } from "~/server/database";

export type StaffEmail = {
  /** The outbox topic, e.g. "lead.created" */
  topic: string;
  subjectType: string;
  subjectId: string;
  subject: string;
  heading: string;
  paragraphs: string[];
  /** The customer's address, so staff can answer straight from their mail client */
  replyTo?: string;
  /** The lead's details page in the back office, when the site's address is known */
  leadUrl?: string;
  /** Another back-office page to open instead of a lead's (the contact messages' inbox) */
  link?: { label: string; url: string };
};

/** The back office's page of one lead, for staff emails. */
export function leadDetailsUrl(publicUrl: string, quoteId: string) {
  return `${publicUrl.replace(/\/+$/, "")}/admin/quotes/${encodeURIComponent(quoteId)}`;
}

/** A back-office page by its path, for staff emails. */
export function backOfficeUrl(publicUrl: string, path: string) {
  return `${publicUrl.replace(/\/+$/, "")}${path}`;
}

/**
 * docs/decisions/0024-notification-toggles.md: staff hear of new leads, bookings, applications and contact messages by email unless the
 * "Email notifications" setting is off. Call it inside the transaction that stores the record
 * (a Transaction is a Kysely too), so the email exists if and only if the record does.
 * Returns the outbox message id, or null when the setting kept the email from being sent.
 * `profile`: the business profile the caller already read for this request, if any.
 */
export async function notifyStaffByEmail(
  trx: Kysely<Database>,
  email: StaffEmail,
  profile?: BusinessProfile,
) {
  const notifications = await getNotificationSettings(trx);
  if (!notifications.email) return null;
  const business = profile ?? (await getBusinessProfile(trx));
  const action =
    email.link ?? (email.leadUrl ? { label: "Open the lead", url: email.leadUrl } : undefined);
  const rendered = renderEmail(
    { heading: email.heading, paragraphs: email.paragraphs, action },
    business,
  );
  return enqueueEmail(trx, {
    topic: email.topic,
    subjectType: email.subjectType,
    subjectId: email.subjectId,
    to: business.email,
    replyTo: email.replyTo,
    subject: email.subject,
    html: rendered.html,
    text: rendered.text,
  });
}
