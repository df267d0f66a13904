import { Form } from "react-router";
import { AdminPanel } from "~/components/admin/admin-page";
import { TextareaField } from "~/components/forms/bound-fields";
import { Checkbox } from "~/components/kit/field";
import { FormMessage } from "~/components/kit/form-message";
import { buttonClasses } from "~/components/ui/button";
import {
  CHECKLIST_LEVEL_LABELS,
  JOB_VISIT_SETTINGS_INTENT,
  JobVisitSettingsFormSchema,
  type JobChecklists,
} from "../job-checklist-setting";
import { SAVE_BUTTON_TONE, useSettingsSection, type SettingsResult } from "./settings-form";

/**
 * docs/decisions/0068-job-visits.md: the checklist of each cleaning level, one item a line, and
 * whether customers see the proof of clean. A job keeps the list it was given when its crew
 * first opened it.
 */
export function JobChecklistsSection({
  checklists,
  proofOfClean,
  result,
}: {
  checklists: JobChecklists;
  proofOfClean: boolean;
  result: SettingsResult | undefined;
}) {
  const { fields, formProps, saving, summary } = useSettingsSection(
    JobVisitSettingsFormSchema,
    JOB_VISIT_SETTINGS_INTENT,
    result,
    {
      defaultValue: {
        checklistBasic: checklists.basic.join("\n"),
        checklistDeep: checklists.deep.join("\n"),
        checklistPremium: checklists.premium.join("\n"),
      },
    },
  );
  const lists = [
    ["basic", fields.checklistBasic],
    ["deep", fields.checklistDeep],
    ["premium", fields.checklistPremium],
  ] as const;
  return (
    <AdminPanel labelledBy="job-checklists-heading">
      <h2 id="job-checklists-heading" className="text-lg font-semibold">
        Job checklists
      </h2>
      <Form method="post" {...formProps} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value={JOB_VISIT_SETTINGS_INTENT} />
        <FormMessage message={summary?.message} tone={summary?.tone} />
        {lists.map(([level, meta]) => (
          <TextareaField
            key={level}
            meta={meta}
            label={CHECKLIST_LEVEL_LABELS[level]}
            rows={6}
            hint="One item a line. Cleaners tick these in their app; the staff notes' lines are added for each job."
          />
        ))}
        <Checkbox
          id={fields.proofOfClean.id}
          name={fields.proofOfClean.name}
          label="Show customers proof of clean"
          hint="After a job, My Bookings shows the customer the completed checklist."
          defaultChecked={proofOfClean}
        />
        <button type="submit" className={buttonClasses("ink", SAVE_BUTTON_TONE)} disabled={saving}>
          {saving ? "Saving..." : "Save checklists"}
        </button>
      </Form>
    </AdminPanel>
  );
}
