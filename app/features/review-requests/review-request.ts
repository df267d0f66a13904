import { z } from "zod";
import {
  CONTROL_CHARACTER_MESSAGE,
  isPlainMultiLine,
  isSingleLine,
  MULTI_LINE_CONTROL_MESSAGE,
} from "~/lib/field-rules";
import type { ServiceType } from "~/server/database";

// The public review form a client reaches from their personal link (
// docs/decisions/0023-honest-reviews.md: every client is asked, never only happy ones).

export const REVIEW_COMMENT_MAX = 2000;
export const REVIEW_NAME_MAX = 60;

export const ReviewFormSchema = z.object({
  rating: z
    .string()
    .regex(/^[1-5]$/, "Choose a rating from 1 to 5 stars")
    .transform(Number),
  comment: z
    .string()
    .trim()
    .min(1, "Tell us how your clean went")
    .max(REVIEW_COMMENT_MAX, `Keep your review under ${REVIEW_COMMENT_MAX} characters`)
    .refine(isPlainMultiLine, MULTI_LINE_CONTROL_MESSAGE),
  // Shown on the home page and the marketing screen: one line, like every other name.
  displayName: z
    .string()
    .trim()
    .max(REVIEW_NAME_MAX, `Keep the name under ${REVIEW_NAME_MAX} characters`)
    .refine(isSingleLine, CONTROL_CHARACTER_MESSAGE),
});

export type ReviewFormInput = z.output<typeof ReviewFormSchema>;
export type ReviewField = keyof z.input<typeof ReviewFormSchema>;

/** The service a review names on the marketing screen. */
export const REVIEW_SERVICE_LABELS: Record<ServiceType, string> = {
  residential: "Residential cleaning",
  commercial: "Commercial cleaning",
  "post-construction": "Post-construction cleaning",
  subscription: "Subscription cleaning",
};

/** What the review shows when the client leaves the name empty. */
export const ANONYMOUS_REVIEWER = "Anonymous";

export const REVIEW_TEXT = {
  title: "How was your clean?",
  thanks: "Thank you for your review",
  thanksBody: "We read every review. It helps us and other clients.",
  notFound: "This review link is not valid",
  notFoundBody: "Check that the whole link from your email was opened, or ask us for a new one.",
  used: "This review link has already been used",
  usedBody: "Thank you: we already have your review. Each link works once.",
  requested: "Review request emailed",
  leadNotFound: "That lead no longer exists.",
  notCompleted: "A review can be asked for once the job is complete.",
  send: "Send review",
  sending: "Sending...",
  failed: "Your review could not be saved. Please try again in a moment.",
};

/** What a review link's page shows: the form, the thanks, or why the link no longer works. */
export type ReviewPageState = "open" | "thanks" | "used" | "invalid";

/** Where a stored review lands: the link's own page, told that this visit sent it. */
export function reviewThanksPath(token: string) {
  return `/review/${encodeURIComponent(token)}?sent=1`;
}

/**
 * What a link's page shows when loaded: a used link reached from its own submit thanks the
 * client. Anyone holding the link could add `?sent=1`; they would only see the thanks.
 */
export function openedReviewPageState(
  status: "open" | "used" | "invalid",
  justSent: boolean,
): ReviewPageState {
  if (status === "used" && justSent) return "thanks";
  return status;
}

/** The page after a submit answers for itself; before one, what the link opened. */
export function reviewPageState(
  opened: ReviewPageState,
  answer?: { status: string },
): ReviewPageState {
  switch (answer?.status) {
    case "success":
      return "thanks";
    case "used":
      return "used";
    case "not-found":
      return "invalid";
    default:
      return opened;
  }
}

export const REVIEW_PAGE_COPY: Record<ReviewPageState, { title: string; body?: string }> = {
  open: { title: REVIEW_TEXT.title },
  thanks: { title: REVIEW_TEXT.thanks, body: REVIEW_TEXT.thanksBody },
  used: { title: REVIEW_TEXT.used, body: REVIEW_TEXT.usedBody },
  invalid: { title: REVIEW_TEXT.notFound, body: REVIEW_TEXT.notFoundBody },
};
