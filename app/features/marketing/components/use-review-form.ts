import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { useAppForm } from "~/components/forms/use-app-form";
import { useResultToast } from "~/components/kit/toast";
import { ReviewFormSchema, type MarketingResult } from "../marketing.schema";
import type { ReviewView } from "../reviews.service.server";

/** The review form's post, its fields, and `onSaved` once a save succeeds (it closes the dialog). */
export function useReviewForm(review: ReviewView | undefined, onSaved: () => void) {
  const fetcher = useFetcher<MarketingResult>();
  const intent = review ? "review-update" : "review-create";
  const { fields, formProps } = useAppForm(ReviewFormSchema, {
    id: review ? `review-${review.id}` : "review-new",
    result: fetcher.state === "idle" ? fetcher.data : undefined,
    defaultValue: {
      clientName: review?.clientName ?? "",
      location: review?.location ?? "",
      rating: String(review?.rating ?? 5),
      comment: review?.comment ?? "",
      serviceLabel: review?.serviceLabel ?? "",
      cleanerId: review?.cleanerId ?? "",
      photoUrl: review?.photoUrl ?? "",
    },
  });
  useResultToast(fetcher.data);
  const done = useRef<MarketingResult | undefined>(undefined);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result?.ok || done.current === result) return;
    done.current = result;
    onSaved();
  }, [fetcher.state, fetcher.data, onSaved]);
  const saving = fetcher.state !== "idle";
  const problem = fetcher.state === "idle" && fetcher.data?.ok === false ? fetcher.data : undefined;
  return { fetcher, intent, fields, formProps, saving, problem };
}
