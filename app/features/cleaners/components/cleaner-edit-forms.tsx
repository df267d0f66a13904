import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { TextField } from "~/components/forms/bound-fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { FormMessage } from "~/components/kit/form-message";
import { useResultToast } from "~/components/kit/toast";
import { buttonClasses } from "~/components/ui/button";
import { SubmitButton } from "~/components/ui/submit-button";
import { CLEANER_SERVICE_OPTIONS, EDIT_TEXT } from "../cleaner-admin-copy";
import { CleanerBankSchema, CleanerDetailsSchema } from "../cleaner-details.schema";
import type { CleanerProfile, MaskedPayment } from "../cleaner-profile";
import type { ProfileAnswer } from "../profile-answer";
import { ChoiceGroup } from "./choice-group";
import { CleanerContactFields } from "./cleaner-contact-fields";
import { Section } from "./profile-sections";

// docs/decisions/0055-cleaner-edits-and-audit-log.md: the profile's edit forms.
// They post through fetchers, so a refused field shows its message beside it and a save raises a
// toast while the profile above reloads with what was saved. The bank form never shows the
// stored numbers: only their masked form, as a hint.

const PRIMARY = buttonClasses("ink", "dark:bg-gold dark:text-ink dark:hover:bg-gold-light");

export function CleanerDetailsForm({ cleaner }: { cleaner: CleanerProfile }) {
  const fetcher = useFetcher<ProfileAnswer>();
  const answer = fetcher.data?.intent === "details" ? fetcher.data : undefined;
  useResultToast(answer);
  const { fields, formProps } = useAppForm(CleanerDetailsSchema, {
    id: "cleaner-details",
    result: answer,
    defaultValue: {
      name: cleaner.name,
      email: cleaner.email,
      phone: cleaner.phone,
      location: cleaner.location ?? "",
      preferredAreas: cleaner.preferredAreas ?? "",
    },
  });
  return (
    <Section id="edit-details" title={EDIT_TEXT.detailsTitle}>
      <fetcher.Form method="post" {...formProps} className="space-y-4">
        <input type="hidden" name="intent" value="details" />
        <FormMessage message={answer?.formError} />
        <div className="grid gap-4 sm:grid-cols-2">
          <CleanerContactFields fields={fields} />
        </div>
        <TextField
          meta={fields.preferredAreas}
          label="Preferred areas"
          hint="For example Sydney CBD, Eastern Suburbs"
        />
        <ChoiceGroup
          idPrefix="cleaner-details"
          name="services"
          legend="Services"
          options={CLEANER_SERVICE_OPTIONS}
          defaultChecked={cleaner.services}
          error={fields.services.errors?.[0]}
        />
        <SubmitButton
          busy={fetcher.state !== "idle"}
          busyLabel={EDIT_TEXT.saving}
          className={`${PRIMARY} disabled:cursor-wait`}
        >
          {EDIT_TEXT.detailsSubmit}
        </SubmitButton>
      </fetcher.Form>
    </Section>
  );
}

export function CleanerBankForm({ payment }: { payment: MaskedPayment | null }) {
  const fetcher = useFetcher<ProfileAnswer>();
  const answer = fetcher.data?.intent === "bank" ? fetcher.data : undefined;
  useResultToast(answer);
  const { form, fields, formProps } = useAppForm(CleanerBankSchema, {
    id: "cleaner-bank",
    result: answer,
    defaultValue: {
      bankName: payment?.bankName ?? "",
      accountName: payment?.accountName ?? "",
    },
  });
  // Saved, the typed numbers leave the screen (once per answer); the masked ones show above.
  const saved = answer?.saved ? answer : undefined;
  const clearedFor = useRef<object | undefined>(undefined);
  useEffect(() => {
    if (!saved || clearedFor.current === saved) return;
    clearedFor.current = saved;
    form.update({ name: fields.bsb.name, value: "" });
    form.update({ name: fields.accountNumber.name, value: "" });
  }, [saved, form, fields.bsb.name, fields.accountNumber.name]);
  return (
    <Section id="edit-bank" title={EDIT_TEXT.bankTitle}>
      <p className="mb-4 text-sm text-muted dark:text-mist">{EDIT_TEXT.bankIntro}</p>
      <fetcher.Form method="post" {...formProps} className="space-y-4" autoComplete="off">
        <input type="hidden" name="intent" value="bank" />
        <FormMessage message={answer?.formError} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField meta={fields.bankName} label="Bank name" autoComplete="off" />
          <TextField meta={fields.accountName} label="Account name" autoComplete="off" />
          <TextField
            meta={fields.bsb}
            label="BSB"
            inputMode="numeric"
            autoComplete="off"
            hint={payment?.bsb ? EDIT_TEXT.keepCurrent(payment.bsb) : "6 digits"}
          />
          <TextField
            meta={fields.accountNumber}
            label="Account number"
            inputMode="numeric"
            autoComplete="off"
            hint={
              payment?.accountNumber
                ? EDIT_TEXT.keepCurrent(payment.accountNumber)
                : "Up to 10 digits"
            }
          />
        </div>
        <SubmitButton
          busy={fetcher.state !== "idle"}
          busyLabel={EDIT_TEXT.saving}
          className={`${PRIMARY} disabled:cursor-wait`}
        >
          {EDIT_TEXT.bankSubmit}
        </SubmitButton>
        <p className="text-sm text-muted dark:text-mist">
          Saving is recorded in the audit log with your name.
        </p>
      </fetcher.Form>
    </Section>
  );
}
