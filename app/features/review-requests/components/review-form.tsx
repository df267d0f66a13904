import { Form, useNavigation } from "react-router";
import { FieldError } from "~/components/kit/field";
import { TextareaField, TextField } from "~/components/forms/bound-fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { FormFooter, Honeypot } from "~/components/site/forms/form-field";
import type { PublicFormProblem } from "~/lib/field-errors";
import {
  REVIEW_COMMENT_MAX,
  REVIEW_NAME_MAX,
  REVIEW_TEXT,
  ReviewFormSchema,
  type ReviewField,
} from "../review-request";

const RATINGS = [
  { value: "5", label: "5 stars, excellent" },
  { value: "4", label: "4 stars, good" },
  { value: "3", label: "3 stars, fair" },
  { value: "2", label: "2 stars, poor" },
  { value: "1", label: "1 star, very poor" },
];

/**
 * The review form a client's personal link opens: a rating from 1 to 5 (5 chosen
 * first), their words, and the name to show (their first name, or empty for "Anonymous").
 * A plain <Form>, so it posts before JavaScript loads; messages sit beside their fields.
 */
export function ReviewForm({
  action,
  firstName,
  result,
}: {
  action: string;
  firstName: string;
  result?: PublicFormProblem<ReviewField>;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const { fields, formProps } = useAppForm(ReviewFormSchema, {
    id: "review",
    result,
    defaultValue: { rating: "5", comment: "", displayName: firstName },
  });
  const ratingError = fields.rating.errors?.[0];
  const chosen = result?.values?.rating ?? "5";
  const errorList = (["rating", "comment", "displayName"] as const)
    .map((name) => fields[name].errors?.[0])
    .filter((error): error is string => Boolean(error));
  const message =
    errorList.length > 0 ? "Please check the fields marked below." : result?.formError;

  return (
    <Form method="post" action={action} {...formProps} className="relative grid gap-5">
      <Honeypot />
      <fieldset
        aria-describedby={ratingError ? "review-rating-error" : undefined}
        aria-invalid={ratingError ? true : undefined}
      >
        <legend className="text-sm font-semibold">Your rating</legend>
        <div className="mt-2 grid gap-2">
          {RATINGS.map((rating) => (
            <label
              key={rating.value}
              className="flex min-h-11 items-center gap-3 rounded-md border border-line px-3"
            >
              <input
                type="radio"
                name="rating"
                value={rating.value}
                defaultChecked={chosen === rating.value}
                className="size-5 accent-ink"
              />
              <span aria-hidden="true" className="text-gold-deep">
                {"★".repeat(Number(rating.value))}
              </span>
              <span>{rating.label}</span>
            </label>
          ))}
        </div>
        <FieldError id="review-rating-error" error={ratingError} />
      </fieldset>
      <TextareaField
        meta={fields.comment}
        label="Your review"
        rows={5}
        maxLength={REVIEW_COMMENT_MAX}
        aria-required="true"
      />
      <TextField
        meta={fields.displayName}
        label="Name shown with your review (optional)"
        hint="Leave it empty to post as Anonymous."
        maxLength={REVIEW_NAME_MAX}
        autoComplete="given-name"
      />
      <FormFooter
        status={{ tone: "error", message, errors: errorList }}
        busy={sending}
        label={REVIEW_TEXT.send}
        busyLabel={REVIEW_TEXT.sending}
      />
    </Form>
  );
}
