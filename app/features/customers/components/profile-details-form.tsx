import { Form, Link, useNavigation } from "react-router";
import { PhoneField, TextField } from "~/components/forms/bound-fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { FormFooter } from "~/components/site/forms/form-field";
import type { ProfileDetailsActionData } from "../account-actions.server";
import { ProfileDetailsSchema } from "../customer-account.schema";
import { PROFILE_TEXT } from "../customer-copy";

/** Profile details: the name and phone we use for bookings, checked by the same rules as every form. */
export function ProfileDetailsForm({
  defaults,
  result,
}: {
  defaults: { name: string; phone: string };
  result?: ProfileDetailsActionData;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/profile/details";
  const { fields, formProps } = useAppForm(ProfileDetailsSchema, {
    id: "profile-details",
    result,
    defaultValue: defaults,
  });
  const saved = result && "saved" in result;
  const errors = [fields.name.errors?.[0], fields.phone.errors?.[0]].filter(
    (error): error is string => Boolean(error),
  );
  return (
    <Form method="post" action="/profile/details" {...formProps} className="grid gap-5">
      <TextField meta={fields.name} label="Name" autoComplete="name" aria-required="true" />
      <PhoneField meta={fields.phone} />
      <FormFooter
        status={
          errors.length > 0
            ? { tone: "error", message: "Please check the highlighted fields:", errors }
            : { tone: "success", message: saved && !busy ? PROFILE_TEXT.saved : undefined }
        }
        busy={busy}
        label={PROFILE_TEXT.save}
        busyLabel={PROFILE_TEXT.saving}
      />
      <p className="text-sm">
        <Link to="/profile" className="font-semibold underline underline-offset-4">
          Back to your profile
        </Link>
      </p>
    </Form>
  );
}
