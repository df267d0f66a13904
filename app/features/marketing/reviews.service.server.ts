import type { Kysely } from "kysely";
import { decodeCursor, encodeCursor } from "~/components/kit/keyset";
import { newId } from "~/lib/ids";
import { failure, fieldFailure, type Result } from "~/lib/result";
import { bumpContentVersion } from "~/server/content-version.repository.server";
import type { Database } from "~/server/database";
import {
  cleanerExists,
  deleteReview,
  findReviewFlags,
  insertReview,
  listCleanerChoices,
  listReviewsPage,
  updateReview,
} from "./marketing.repository.server";
import type { ReviewInput } from "./marketing.schema";
import { MARKETING_TEXT } from "./marketing-text";

// docs/product/back-office.md#marketing: Customer Reviews: list (newest first), add, edit,
// delete, and choose which verified reviews appear on the home page
// (docs/decisions/0023-honest-reviews.md: staff never verify; a client's own review, sent through
// the review link of a completed job, arrives verified and is not edited by staff). Every write bumps the content version in its own
// transaction: the home page's testimonials change on the next request.

export const REVIEWS_PAGE_SIZE = 20;

export type ReviewView = {
  id: string;
  clientName: string;
  location: string | null;
  rating: number;
  comment: string;
  photoUrl: string | null;
  verified: boolean;
  showOnHome: boolean;
  serviceLabel: string | null;
  cleanerId: string | null;
  cleanerName: string | null;
  createdAt: string;
};

export type ReviewsPage = {
  reviews: ReviewView[];
  /** Cursors for the pages either side, or null at an end */
  previous: string | null;
  next: string | null;
};

/** One page of reviews, newest first; `after`/`before` are cursors from an earlier page. */
export async function getReviewsPage(
  db: Kysely<Database>,
  params: { after?: string | null; before?: string | null },
): Promise<ReviewsPage> {
  const before = decodeCursor(params.before) ?? undefined;
  const after = before ? undefined : (decodeCursor(params.after) ?? undefined);
  const rows = await listReviewsPage(db, { after, before, limit: REVIEWS_PAGE_SIZE });
  const more = rows.length > REVIEWS_PAGE_SIZE;
  const page = rows.slice(0, REVIEWS_PAGE_SIZE);
  if (before) page.reverse();
  const reviews = page.map((row): ReviewView => ({
    id: row.id,
    clientName: row.client_name,
    location: row.location,
    rating: Number(row.rating),
    comment: row.comment,
    photoUrl: row.photo_url,
    verified: Number(row.verified) === 1,
    showOnHome: Number(row.show_on_home) === 1,
    serviceLabel: row.service_label,
    cleanerId: row.cleaner_id,
    cleanerName: row.cleaner_name,
    createdAt: row.created_at,
  }));
  const cursorOf = (review: ReviewView | undefined) =>
    review ? encodeCursor({ value: review.createdAt, id: review.id }) : null;
  const first = reviews[0];
  const last = reviews[reviews.length - 1];
  return {
    reviews,
    // Going back: more rows exist newer than the first when we came from a cursor.
    previous: before ? (more ? cursorOf(first) : null) : after ? cursorOf(first) : null,
    next: before ? cursorOf(last) : more ? cursorOf(last) : null,
  };
}

export async function getCleanerChoices(db: Kysely<Database>) {
  return listCleanerChoices(db);
}

export type ReviewWriteResult = Result<{ id: string }, "cleanerId">;

const unknownCleaner = () => fieldFailure("invalid", "cleanerId", "Choose a cleaner from the list");

function columnsOf(input: ReviewInput) {
  return {
    client_name: input.clientName,
    location: input.location,
    rating: input.rating,
    comment: input.comment,
    photo_url: input.photoUrl,
    service_label: input.serviceLabel,
    cleaner_id: input.cleanerId,
  };
}

/** Adds a review staff typed in (a client's email or call): never verified. */
export async function createReview(
  db: Kysely<Database>,
  input: ReviewInput,
  now = new Date(),
): Promise<ReviewWriteResult> {
  if (input.cleanerId && !(await cleanerExists(db, input.cleanerId))) {
    return unknownCleaner();
  }
  const id = newId();
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await insertReview(trx, {
      id,
      ...columnsOf(input),
      created_at: at,
      updated_at: at,
    });
    await bumpContentVersion(trx, now);
  });
  return { ok: true, id };
}

export async function editReview(
  db: Kysely<Database>,
  id: string,
  input: ReviewInput,
  now = new Date(),
): Promise<ReviewWriteResult> {
  if (input.cleanerId && !(await cleanerExists(db, input.cleanerId))) {
    return unknownCleaner();
  }
  const flags = await findReviewFlags(db, id);
  if (!flags) return failure("not_found", MARKETING_TEXT.reviewNotFound);
  // A client's own words stay theirs: staff may show, hide or delete it, never reword it.
  if (Number(flags.verified) === 1) return failure("conflict", MARKETING_TEXT.clientsOwnReview);
  const updated = await db.transaction().execute(async (trx) => {
    const found = await updateReview(trx, id, {
      ...columnsOf(input),
      updated_at: now.toISOString(),
    });
    if (found) await bumpContentVersion(trx, now);
    return found;
  });
  return updated ? { ok: true, id } : failure("not_found", MARKETING_TEXT.reviewNotFound);
}

export async function removeReview(db: Kysely<Database>, id: string, now = new Date()) {
  return db.transaction().execute(async (trx) => {
    const deleted = await deleteReview(trx, id);
    if (deleted) await bumpContentVersion(trx, now);
    return deleted;
  });
}

export type FlagResult = "changed" | "not-found" | "unverified";

/** Chooses a verified review for the home page's testimonials, or takes it off. */
export async function setReviewOnHome(
  db: Kysely<Database>,
  id: string,
  onHome: boolean,
  now = new Date(),
): Promise<FlagResult> {
  return db.transaction().execute(async (trx) => {
    const review = await findReviewFlags(trx, id);
    if (!review) return "not-found";
    if (onHome && Number(review.verified) !== 1) return "unverified";
    await updateReview(trx, id, { show_on_home: onHome ? 1 : 0, updated_at: now.toISOString() });
    await bumpContentVersion(trx, now);
    return "changed";
  });
}
