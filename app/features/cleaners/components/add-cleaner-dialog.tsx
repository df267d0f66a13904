import { Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { TextField } from "~/components/forms/bound-fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { Dialog } from "~/components/kit/dialog";
import { FormMessage } from "~/components/kit/form-message";
import { useToast } from "~/components/kit/toast";
import { buttonClasses } from "~/components/ui/button";
import { SubmitButton } from "~/components/ui/submit-button";
import { AddCleanerSchema } from "../add-cleaner.schema";
import type { AddCleanerAnswer } from "../add-cleaner-answer";
import {
  ADD_CLEANER_TEXT,
  CLEANER_DAY_OPTIONS,
  CLEANER_LANGUAGE_OPTIONS,
  CLEANER_SERVICE_OPTIONS,
  CLEANER_SPECIALTY_OPTIONS,
} from "../cleaner-admin-copy";
import { ChoiceGroup } from "./choice-group";
import { CleanerContactFields } from "./cleaner-contact-fields";
import { CleanerPhotoField } from "./cleaner-photo-field";

// docs/product/back-office.md#add-new-cleaner: the modal form. It posts through a fetcher, so
// the dialog stays open with the messages beside their fields when something is wrong, and closes
// with a toast when the cleaner is added (the directory's loader runs again and lists them).

/** The four lists of the form, each a group of checkboxes. */
const CHOICE_GROUPS = [
  { name: "services", legend: "Services", options: CLEANER_SERVICE_OPTIONS },
  { name: "availability", legend: "Availability", options: CLEANER_DAY_OPTIONS },
  { name: "languages", legend: "Languages", options: CLEANER_LANGUAGE_OPTIONS },
  { name: "specialties", legend: "Specialties", options: CLEANER_SPECIALTY_OPTIONS },
] as const;

const PRIMARY = buttonClasses("ink", "dark:bg-gold dark:text-ink dark:hover:bg-gold-light");

export function AddCleanerDialog() {
  const [open, setOpen] = useState(false);
  const toast = useToast();
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={ADD_CLEANER_TEXT.title}
      description={ADD_CLEANER_TEXT.description}
      trigger={
        <button type="button" className={PRIMARY}>
          <Plus aria-hidden="true" className="size-4" />
          {ADD_CLEANER_TEXT.button}
        </button>
      }
    >
      <AddCleanerForm
        onAdded={(name) => {
          setOpen(false);
          toast({ tone: "saved", title: ADD_CLEANER_TEXT.added(name) });
        }}
      />
    </Dialog>
  );
}

function AddCleanerForm({ onAdded }: { onAdded: (name: string) => void }) {
  const fetcher = useFetcher<AddCleanerAnswer>();
  const answer = fetcher.data;
  const { fields, formProps } = useAppForm(AddCleanerSchema, { id: "add-cleaner", result: answer });
  const sending = fetcher.state !== "idle";
  useEffect(() => {
    if (answer?.added) onAdded(answer.added.name);
    // onAdded is a new function each render; the answer is what matters
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  return (
    <fetcher.Form method="post" {...formProps} className="space-y-4">
      <input type="hidden" name="intent" value="add" />
      <FormMessage message={answer?.formError} />
      <CleanerContactFields fields={fields} />
      <TextField
        meta={fields.photoUrl}
        label="Photo URL"
        type="url"
        hint="Optional. An Unsplash photo shows on the profile; other links are kept but not shown."
      />
      <CleanerPhotoField idPrefix="add-cleaner" error={fields.photoId.errors?.[0]} />
      {CHOICE_GROUPS.map((group) => (
        <ChoiceGroup
          key={group.name}
          idPrefix="add-cleaner"
          {...group}
          error={fields[group.name].errors?.[0]}
        />
      ))}
      <SubmitButton
        busy={sending}
        busyLabel={ADD_CLEANER_TEXT.submitting}
        className={`${PRIMARY} disabled:cursor-wait`}
      >
        {ADD_CLEANER_TEXT.submit}
      </SubmitButton>
    </fetcher.Form>
  );
}
