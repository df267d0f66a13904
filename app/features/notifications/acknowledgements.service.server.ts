import type { Kysely } from "kysely";
import { renderEmail } from "~/features/outbox/email/render-email";
import { enqueueEmail } from "~/features/outbox/outbox.service.server";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import type { BusinessProfile } from "~/features/settings/business-profile";
import type { Database } from "~/server/database";

// docs/decisions/0046-contact-inbox.md: whoever writes to us through the
// site hears back at once that we have their request. The email carries only what they told us
// about themselves and what happens next, whatever the staff notification toggle says (that
// toggle is about staff emails, docs/decisions/0024-notification-toggles.md).

export type AcknowledgementKind = "contact" | "post_construction" | "subscription" | "application";

export type Acknowledgement = {
  kind: AcknowledgementKind;
  subjectType: string;
  subjectId: string;
  /** The person's own address, as they typed it */
  to: string;
  /** Their name as they typed it; only the first word is used */
  name: string;
  /** The plan's name, for a subscription request */
  plan?: string;
  /** The request's reference, for the ones stored as leads */
  reference?: string;
};

type Wording = { subject: string; heading: string; body: string[] };

function wordingOf(ack: Acknowledgement, business: BusinessProfile): Wording {
  const reference = ack.reference ? ` Your reference is ${ack.reference}.` : "";
  switch (ack.kind) {
    case "contact":
      return {
        subject: `We have your message | ${business.name}`,
        heading: "We have your message",
        body: [
          "Thank you for writing to us. Your message has reached our team, and we will get back to you soon.",
        ],
      };
    case "post_construction":
      return {
        subject: `We have your post-construction request | ${business.name}`,
        heading: "We have your request",
        body: [
          `Thank you for asking us about a post-construction clean. Our team will review your project and send you a quote within 24 hours.${reference}`,
        ],
      };
    case "subscription":
      return {
        subject: `We have your ${ack.plan} plan request | ${business.name}`,
        heading: "We have your request",
        body: [
          `Thank you for choosing the ${ack.plan} plan. Our team will be in touch shortly to arrange your first clean.${reference}`,
        ],
      };
    case "application":
      return {
        subject: `We have your application | ${business.name}`,
        heading: "We have your application",
        body: [
          "Thank you for your interest in joining our team. We'll review your application and contact you soon.",
        ],
      };
  }
}

/** The acknowledgement's words, for the email and for the tests that read it back. */
export function acknowledgementContent(ack: Acknowledgement, business: BusinessProfile) {
  const wording = wordingOf(ack, business);
  const firstName = ack.name.trim().split(/\s+/)[0] || ack.name;
  return {
    subject: wording.subject,
    heading: wording.heading,
    paragraphs: [
      `Hello ${firstName},`,
      ...wording.body,
      `If anything is urgent, reply to this email or call us on ${business.phone}.`,
    ],
  };
}

/**
 * Enqueues the acknowledgement in the caller's transaction, so it exists if and only if the
 * request does. Replies go to the business.
 */
export async function acknowledgeByEmail(trx: Kysely<Database>, ack: Acknowledgement) {
  const business = await getBusinessProfile(trx);
  const content = acknowledgementContent(ack, business);
  const rendered = renderEmail(
    { heading: content.heading, paragraphs: content.paragraphs },
    business,
  );
  return enqueueEmail(trx, {
    topic: `${ack.kind}.acknowledged`,
    subjectType: ack.subjectType,
    subjectId: ack.subjectId,
    to: ack.to,
    replyTo: business.email,
    subject: content.subject,
    html: rendered.html,
    text: rendered.text,
  });
}
