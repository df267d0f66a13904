import { describe, expect, test } from "vitest";
import { parseValues } from "~/lib/forms";
import { JobVisitSettingsFormSchema } from "./job-checklist-setting";

// docs/decisions/0068-job-visits.md: the levels' checklists are edited one item a line.

describe("the job checklists form", () => {
  const form = {
    checklistBasic: "Benches wiped\n\n  Floors mopped  \n",
    checklistDeep: "Oven cleaned",
    checklistPremium: "Fridge cleaned",
  };

  test("each list is its non-blank lines, trimmed; the proof switch is on only when ticked", () => {
    expect(parseValues({ ...form, proofOfClean: "on" }, JobVisitSettingsFormSchema)).toEqual({
      ok: true,
      value: {
        checklistBasic: ["Benches wiped", "Floors mopped"],
        checklistDeep: ["Oven cleaned"],
        checklistPremium: ["Fridge cleaned"],
        proofOfClean: true,
      },
    });
    const off = parseValues(form, JobVisitSettingsFormSchema);
    expect(off.ok && off.value.proofOfClean).toBe(false);
  });

  test("an empty list, or an item too long, is refused beside its field", () => {
    const empty = parseValues({ ...form, checklistDeep: " \n " }, JobVisitSettingsFormSchema);
    expect(empty).toMatchObject({
      ok: false,
      fieldErrors: { checklistDeep: "Deep clean: add at least one item" },
    });
    const long = parseValues(
      { ...form, checklistBasic: "x".repeat(121) },
      JobVisitSettingsFormSchema,
    );
    expect(long).toMatchObject({
      ok: false,
      fieldErrors: { checklistBasic: expect.stringMatching(/120 characters/) },
    });
  });
});
