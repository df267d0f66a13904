import { SelectField, TextField, TextareaField } from "~/components/forms/bound-fields";
import { FormMessage } from "~/components/kit/form-message";
import { buttonClasses } from "~/components/ui/button";
import type { ReviewView } from "../reviews.service.server";
import { useReviewForm } from "./use-review-form";

/**
 * Add or edit a review (docs/product/back-office.md#entities-and-fields): rating 1 to 5
 * (default 5), optional photo link, service label and cleaner. A review typed in here is never
 * verified (docs/decisions/0023-honest-reviews.md).
 * `onSaved` closes the dialog; the page's data reloads after the post, so the list refreshes.
 */
export function ReviewForm({
  review,
  cleaners,
  onSaved,
}: {
  review?: ReviewView;
  cleaners: { id: string; name: string }[];
  onSaved: () => void;
}) {
  const { fetcher, intent, fields, formProps, saving, problem } = useReviewForm(review, onSaved);

  return (
    <fetcher.Form method="post" {...formProps} className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      {review && <input type="hidden" name="reviewId" value={review.id} />}
      <FormMessage message={problem?.formError} />
      <TextField
        meta={fields.clientName}
        label="Client name"
        hint="First name and initial, as the home page shows it"
        aria-required="true"
      />
      <TextField meta={fields.location} label="Suburb (optional)" />
      <SelectField meta={fields.rating} label="Rating">
        {[5, 4, 3, 2, 1].map((stars) => (
          <option key={stars} value={stars}>
            {stars} {stars === 1 ? "star" : "stars"}
          </option>
        ))}
      </SelectField>
      <TextareaField meta={fields.comment} label="Review" aria-required="true" />
      <TextField
        meta={fields.serviceLabel}
        label="Service (optional)"
        hint="For example: Deep Clean"
      />
      <SelectField meta={fields.cleanerId} label="Cleaner (optional)">
        <option value="">No cleaner</option>
        {cleaners.map((cleaner) => (
          <option key={cleaner.id} value={cleaner.id}>
            {cleaner.name}
          </option>
        ))}
      </SelectField>
      <TextField meta={fields.photoUrl} label="Photo (optional Unsplash link)" type="url" />
      <button
        type="submit"
        disabled={saving}
        className={buttonClasses(
          "ink",
          "dark:bg-gold dark:text-ink dark:hover:bg-gold-light disabled:cursor-wait",
        )}
      >
        {saving ? "Saving..." : review ? "Save review" : "Add review"}
      </button>
    </fetcher.Form>
  );
}
