import type { Kysely } from "kysely";
import { acknowledgeByEmail } from "~/features/notifications/acknowledgements.service.server";
import { leadDetailsUrl, notifyStaffByEmail } from "~/features/notifications/staff-email.server";
import { enqueueWebhook } from "~/features/outbox/outbox.service.server";
import { postConstructionCreatedWebhook } from "~/features/outbox/webhook-bodies";
import {
  UploadClaimError,
  claimQuotePhotos,
  quotePhotosAvailable,
  uploadUrl,
} from "~/features/uploads/uploads.service.server";
import { insertWebsiteLead } from "~/features/quote/quote.service.server";
import { newId, newReference } from "~/lib/ids";
import type { Database } from "~/server/database";
import {
  CLEAN_TYPE_LABELS,
  PROPERTY_SIZE_LABELS,
  PROPERTY_TYPE_LABELS,
} from "./post-construction-copy";
import type { PostConstructionRequest } from "./post-construction.schema";

// docs/product/public-site.md, docs/decisions/0004-structured-estimate.md, docs/decisions/0008-webhook-outbox.md, docs/decisions/0010-photo-uploads.md and docs/decisions/0027-lead-lifecycle.md: a post-construction request is a
// quote with service_type post-construction, status pending_quote and lead_status new, from the
// website, with no level, hours or price until staff send a priced quote. The quote, its photos'
// claim, the post-construction webhook (test address first, then production), the staff email and
// the customer's acknowledgement (docs/decisions/0046-contact-inbox.md) are
// written in one transaction: each exists if and only if the request does.

export type PostConstructionResult =
  | { ok: true; id: string; reference: string; webhookMessageId: string }
  /** A photo was removed (unclaimed for a day) or taken before the request was stored */
  | { ok: false; kind: "photos-unavailable" };

/** Joins the form's notes and the contact step's notes for the webhook's one notes field. */
function notesOf(request: PostConstructionRequest) {
  const notes = [request.form.additionalNotes, request.contact.additionalNotes].filter(Boolean);
  return notes.length > 0 ? notes.join("\n\n") : null;
}

/** Who asks and what the property is, named the same in space_details and in the webhook. */
function clientAndProperty({ form, contact }: PostConstructionRequest) {
  return {
    requestType: contact.requestType,
    companyName: contact.companyName,
    abn: contact.abn,
    address: contact.address,
    propertyType: form.propertyType,
    propertySize: form.propertySize,
    floors: form.floors,
    rooms: form.rooms,
    bathrooms: form.bathrooms,
  };
}

/** docs/product/public-site.md#entities-and-fields: what space_details holds for a post-construction request. */
function spaceDetailsOf(request: PostConstructionRequest) {
  const { form, contact } = request;
  return {
    type: `post-${form.propertyType}`,
    ...clientAndProperty(request),
    hasKitchen: form.hasKitchen,
    cleanType: form.cleanType,
    services: form.services,
    floorTypes: form.floorTypes,
    needsScaffolding: form.needsScaffolding,
    additionalDetails: form.additionalDetails,
    clientPriorities: form.clientPriorities,
    images: form.photos.map(uploadUrl),
    additionalNotes: form.additionalNotes,
    contactNotes: contact.additionalNotes,
  };
}

/**
 * Stores a parsed post-construction request. Throws when nothing could be stored (the visitor
 * then sees "Failed to submit form. Please try again." and keeps what they typed).
 */
export async function createPostConstructionRequest(
  db: Kysely<Database>,
  request: PostConstructionRequest,
  options: { now?: Date; publicUrl?: string } = {},
): Promise<PostConstructionResult> {
  const now = options.now ?? new Date();
  const { form, contact } = request;
  if (!(await quotePhotosAvailable(db, form.photos, now))) {
    return { ok: false, kind: "photos-unavailable" };
  }

  const id = newId();
  const reference = newReference();
  const createdAt = now.toISOString();
  try {
    const webhookMessageId = await db.transaction().execute(async (trx) => {
      const inserted = await insertWebsiteLead(trx, {
        id,
        reference,
        name: contact.fullName,
        email: contact.email,
        phone: contact.phone,
        serviceType: "post-construction",
        spaceDetails: spaceDetailsOf(request),
        createdAt,
      });
      if (!inserted) throw new Error("the post-construction request was not stored");
      await claimQuotePhotos(trx, form.photos, id, now);
      const webhook = postConstructionCreatedWebhook({
        clientName: contact.fullName,
        clientEmail: contact.email,
        clientPhone: contact.phone,
        ...clientAndProperty(request),
        cleanType: form.cleanType,
        additionalNotes: notesOf(request),
        quoteId: id,
      });
      const messageId = await enqueueWebhook(trx, {
        ...webhook,
        subjectType: "quote",
        subjectId: id,
      });
      await notifyStaffByEmail(trx, {
        ...staffEmail(request, id, reference),
        leadUrl: options.publicUrl ? leadDetailsUrl(options.publicUrl, id) : undefined,
      });
      await acknowledgeByEmail(trx, {
        kind: "post_construction",
        subjectType: "quote",
        subjectId: id,
        to: contact.email,
        name: contact.fullName,
        reference,
      });
      return messageId;
    });
    return { ok: true, id, reference, webhookMessageId };
  } catch (error) {
    if (error instanceof UploadClaimError) return { ok: false, kind: "photos-unavailable" };
    throw error;
  }
}

function staffEmail(request: PostConstructionRequest, id: string, reference: string) {
  const { form, contact } = request;
  const property = PROPERTY_TYPE_LABELS[form.propertyType];
  const size = PROPERTY_SIZE_LABELS[form.propertySize];
  const requester =
    contact.requestType === "company"
      ? `${contact.fullName}${contact.companyName ? ` of ${contact.companyName}` : ""}` +
        `${contact.abn ? ` (ABN ${contact.abn})` : ""}`
      : contact.fullName;
  const notes = notesOf(request);
  return {
    topic: "post_construction.requested",
    subjectType: "quote",
    subjectId: id,
    replyTo: contact.email,
    subject: `New post-construction request: ${property}, ${size.label.toLowerCase()} (${reference})`,
    heading: "New post-construction request",
    paragraphs: [
      `${requester} asked for a post-construction quote on the website.`,
      `Email: ${contact.email}. Phone: ${contact.phone}.`,
      `Property: ${property}, ${size.label.toLowerCase()} (${size.hint}), ${form.floors} ` +
        `${form.floors === "1" ? "floor" : "floors"}, ${form.rooms} rooms, ${form.bathrooms} ` +
        `bathrooms, ${form.hasKitchen ? "with" : "without"} a kitchen. ` +
        `Clean: ${CLEAN_TYPE_LABELS[form.cleanType].label.toLowerCase()}.`,
      `Address: ${contact.address}.`,
      ...(notes ? [`Notes: ${notes}`] : []),
      ...(form.photos.length > 0 ? [`Photos: ${form.photos.length}, on the lead.`] : []),
      `Reference ${reference}. The request waits in the leads board as a new lead; ` +
        "we promised a quote within 24 hours.",
    ],
  };
}
