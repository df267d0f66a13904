import { describe, expect, test } from "vitest";
import {
  openedReviewPageState,
  REVIEW_PAGE_COPY,
  REVIEW_TEXT,
  reviewPageState,
  reviewThanksPath,
} from "./review-request";

describe("a review link's page", () => {
  test("shows what the link opened until a submit answers", () => {
    expect(reviewPageState("open")).toBe("open");
    expect(reviewPageState("used")).toBe("used");
    expect(reviewPageState("open", { status: "invalid" })).toBe("open");
    expect(reviewPageState("open", { status: "error" })).toBe("open");
  });

  test("after a submit shows the thanks, the used link or the unknown link", () => {
    expect(reviewPageState("open", { status: "success" })).toBe("thanks");
    expect(reviewPageState("open", { status: "used" })).toBe("used");
    expect(reviewPageState("open", { status: "not-found" })).toBe("invalid");
  });

  test("a used link reached from its own submit thanks; otherwise it says it was used", () => {
    expect(reviewThanksPath("abc_123")).toBe("/review/abc_123?sent=1");
    expect(openedReviewPageState("used", true)).toBe("thanks");
    expect(openedReviewPageState("used", false)).toBe("used");
    expect(openedReviewPageState("open", true)).toBe("open");
    expect(openedReviewPageState("invalid", true)).toBe("invalid");
  });

  test("titles each state with the copy deck's words", () => {
    expect(REVIEW_PAGE_COPY.thanks).toEqual({
      title: REVIEW_TEXT.thanks,
      body: REVIEW_TEXT.thanksBody,
    });
    expect(REVIEW_PAGE_COPY.used.title).toBe(REVIEW_TEXT.used);
    expect(REVIEW_PAGE_COPY.invalid.body).toBe(REVIEW_TEXT.notFoundBody);
  });
});
