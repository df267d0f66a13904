import type { Kysely } from "kysely";
import { enqueueEmail } from "~/features/outbox/outbox.service.server";
import { renderEmail } from "~/features/outbox/email/render-email";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { sha256 } from "~/lib/crypto.server";
import { newId, newToken } from "~/lib/ids";
import { failure, type Result } from "~/lib/result";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { AuditLogTable, Database } from "~/server/database";
import {
  findReviewRequestByHash,
  findReviewSubject,
  insertClientReview,
  insertReviewRequest,
  useReviewRequest,
  findCompletedBookingOfReviewRequest,
} from "./review-request.repository.server";
import {
  ANONYMOUS_REVIEWER,
  REVIEW_SERVICE_LABELS,
  REVIEW_TEXT,
  type ReviewFormInput,
} from "./review-request";

// Review requests (docs/decisions/0023-honest-reviews.md and
// docs/decisions/0033-invoices-and-review-requests.md): every client may be asked, whatever the
// job's outcome; the link carries a random token of which only the hash is stored, and works once.
// A submitted review arrives verified: the link is sent only for a completed job, so its writer
// is a client whose clean took place (docs/decisions/0023-honest-reviews.md). Staff choose on
// /admin/marketing whether it appears on the home page.

export const REVIEW_REQUESTED = "lead.review_requested";

export type ReviewActor = {
  type: AuditLogTable["actor_type"];
  id: string | null;
  ip?: string | null;
};

/** The link's path: /review/{token}. */
export function reviewPath(token: string) {
  return `/review/${token}`;
}

/**
 * Emails the client a personal review link, in the caller's transaction (completing a job asks in
 * its own). Answers the token (only its hash is stored), or refuses: no such live lead (not
 * found), or a job not completed yet (a conflict).
 */
export async function requestReview(
  trx: Kysely<Database>,
  input: { quoteId: string; actor: ReviewActor; publicUrl: string; at?: Date },
): Promise<Result<{ token: string }>> {
  const at = (input.at ?? new Date()).toISOString();
  const subject = await findReviewSubject(trx, input.quoteId);
  if (!subject) return failure("not_found", REVIEW_TEXT.leadNotFound);
  // Only someone whose clean took place is asked how it went (a completed job).
  if (subject.status !== "completed") return failure("conflict", REVIEW_TEXT.notCompleted);
  const token = newToken();
  const id = newId();
  await insertReviewRequest(trx, {
    id,
    quote_id: subject.id,
    token_hash: sha256(token),
    created_at: at,
  });
  const profile = await getBusinessProfile(trx);
  const url = `${input.publicUrl.replace(/\/+$/, "")}${reviewPath(token)}`;
  const firstName = subject.client_name.split(/\s+/)[0] ?? subject.client_name;
  const rendered = renderEmail(
    {
      heading: "How was your clean?",
      paragraphs: [
        `Hello ${firstName}, thank you for choosing ${profile.name}.`,
        "We would like to hear how your clean went, good or bad. It takes a minute: choose a rating and tell us in your own words.",
        "This link is yours and works once.",
        // docs/decisions/0078-tips-go-to-the-crew.md: the email offers a tip for the crew.
        ...(subject.bookingReference
          ? [
              `Would you like to thank your crew? Every cent of a tip goes to them: ${input.publicUrl.replace(/\/+$/, "")}${tipPath(subject.bookingReference)}`,
            ]
          : []),
      ],
      action: { label: "Leave a review", url },
    },
    profile,
  );
  await enqueueEmail(trx, {
    topic: "review.requested",
    subjectType: "quote",
    subjectId: subject.id,
    to: subject.client_email,
    replyTo: profile.email,
    subject: `How was your clean with ${profile.name}?`,
    html: rendered.html,
    text: rendered.text,
  });
  await insertAuditEntry(trx, {
    id: newId(),
    actor_type: input.actor.type,
    actor_id: input.actor.id,
    action: REVIEW_REQUESTED,
    subject_type: "quote",
    subject_id: subject.id,
    details: JSON.stringify({ request: id }),
    ip: input.actor.ip ?? null,
    created_at: at,
  });
  return { ok: true, token };
}

/** The page where the client can tip the crew (docs/decisions/0078-tips-go-to-the-crew.md). */
export const tipPath = (bookingReference: string) =>
  `/tip?ref=${encodeURIComponent(bookingReference)}`;

/** The shape of a token newToken() makes; anything else is refused before a lookup. */
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

export type OpenReviewRequest =
  { status: "open"; firstName: string } | { status: "used" } | { status: "invalid" };

/**
 * Where the review page offers a tip for the crew: the tip page of the link's completed booking,
 * or null (docs/decisions/0078-tips-go-to-the-crew.md).
 */
export async function tipLinkOfReviewRequest(db: Kysely<Database>, token: string) {
  if (!TOKEN.test(token)) return null;
  const booking = await findCompletedBookingOfReviewRequest(db, sha256(token));
  return booking ? tipPath(booking.reference) : null;
}

/** What a review link opens: the form (with the client's first name), used, or invalid. */
export async function openReviewRequest(
  db: Kysely<Database>,
  token: string,
): Promise<OpenReviewRequest> {
  if (!TOKEN.test(token)) return { status: "invalid" };
  const request = await findReviewRequestByHash(db, sha256(token));
  if (!request) return { status: "invalid" };
  if (request.used_at) return { status: "used" };
  return { status: "open", firstName: request.client_name.split(/\s+/)[0] ?? "" };
}

// Thrown, not returned: it rolls back the review inserted before the link turned out used.
class AlreadyUsed extends Error {}

const unknownLink = () => failure("not_found", REVIEW_TEXT.notFound);
const usedLink = () => failure("gone", REVIEW_TEXT.used);

/**
 * Stores the client's review, verified, and uses up the link, in one transaction; a second
 * submission (even a concurrent one) is refused as used ("gone") and stores nothing.
 */
export async function submitReview(
  db: Kysely<Database>,
  token: string,
  input: ReviewFormInput,
  now = new Date(),
): Promise<Result> {
  if (!TOKEN.test(token)) return unknownLink();
  const at = now.toISOString();
  try {
    return await db.transaction().execute(async (trx) => {
      const request = await findReviewRequestByHash(trx, sha256(token));
      if (!request) return unknownLink();
      if (request.used_at) return usedLink();
      const subject = await findReviewSubject(trx, request.quote_id);
      const reviewId = newId();
      await insertClientReview(trx, {
        id: reviewId,
        client_name: input.displayName || ANONYMOUS_REVIEWER,
        location: subject?.suburb ?? null,
        rating: input.rating,
        comment: input.comment,
        verified: 1,
        show_on_home: 0,
        service_label: subject ? (REVIEW_SERVICE_LABELS[subject.service_type] ?? null) : null,
        cleaner_id: subject?.cleanerId ?? null,
        quote_id: request.quote_id,
        created_at: at,
        updated_at: at,
      });
      if (!(await useReviewRequest(trx, request.id, reviewId, at))) throw new AlreadyUsed();
      return { ok: true as const };
    });
  } catch (error) {
    if (error instanceof AlreadyUsed) return usedLink();
    throw error;
  }
}
