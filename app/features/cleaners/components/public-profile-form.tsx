import { useFetcher } from "react-router";
import { TextareaField, TextField } from "~/components/forms/bound-fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { Checkbox } from "~/components/kit/field";
import { FormMessage } from "~/components/kit/form-message";
import { useResultToast } from "~/components/kit/toast";
import { buttonClasses } from "~/components/ui/button";
import type { CleanerProfile } from "../cleaner-profile";
import type { ProfileAnswer } from "../profile-answer";
import { PublicProfileEditSchema } from "../public-profile-edit.schema";
import { CleanerPhotoField } from "./cleaner-photo-field";
import { Section } from "./profile-sections";

// docs/decisions/0012-real-customer-data.md: what /provider/{id} shows besides the name, rating,
// services and availability. Saved, it shows there from the next request.

export function PublicProfileForm({
  cleanerId,
  values,
  hasPhoto,
}: {
  cleanerId: string;
  values: CleanerProfile["publicProfile"];
  hasPhoto: boolean;
}) {
  const fetcher = useFetcher<ProfileAnswer>();
  const answer = fetcher.data?.intent === "profile" ? fetcher.data : undefined;
  useResultToast(answer);
  const { fields, formProps } = useAppForm(PublicProfileEditSchema, {
    id: "public-profile",
    result: answer,
    defaultValue: values,
  });
  return (
    <Section id="public-profile" title="Public profile">
      <p className="mb-4 text-sm text-muted dark:text-mist">
        Shown on the cleaner&apos;s public page (
        <a href={`/provider/${cleanerId}`} className="underline underline-offset-4">
          /provider/{cleanerId}
        </a>
        ) while they are available, busy or offline.
      </p>
      <fetcher.Form method="post" {...formProps} className="space-y-4">
        <input type="hidden" name="intent" value="profile" />
        <FormMessage message={answer?.formError} />
        <TextareaField
          meta={fields.about}
          label="About"
          hint="A few sentences customers will read."
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField meta={fields.workingHours} label="Working hours" hint="For example 8am-4pm" />
          <TextField
            meta={fields.pricePerDay}
            label="Price per day (AUD)"
            inputMode="decimal"
            hint="In dollars, GST included"
          />
        </div>
        <TextField
          meta={fields.photoUrl}
          label="Photo URL"
          type="url"
          hint="An Unsplash photo link, or upload a photo below."
        />
        <CleanerPhotoField idPrefix="public-profile" error={fields.photoId.errors?.[0]} />
        {hasPhoto && <Checkbox name="removePhoto" label="Remove the current photo" />}
        <button
          type="submit"
          disabled={fetcher.state !== "idle"}
          className={buttonClasses("ink", "dark:bg-gold dark:text-ink dark:hover:bg-gold-light")}
        >
          {fetcher.state !== "idle" ? "Saving..." : "Save public profile"}
        </button>
      </fetcher.Form>
    </Section>
  );
}
