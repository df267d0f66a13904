import { describe, expect, test } from "vitest";
import { parseForm } from "~/lib/forms";
import { PoliceCheckYearsFormSchema } from "./police-check-setting";

// docs/decisions/0042-who-is-free-for-a-job.md: the police check validity is 1 to 10 whole years.

const parse = (value: string) =>
  parseForm(new URLSearchParams({ policeCheckYears: value }), PoliceCheckYearsFormSchema);

describe("the police check validity setting", () => {
  test.each([
    ["3", 3],
    [" 10 ", 10],
  ])("%j years is taken", (value, years) => {
    expect(parse(value)).toEqual({ ok: true, value: { policeCheckYears: years } });
  });

  test.each(["0", "11", "2.5", "three", ""])(
    "%j is refused with a message by the field",
    (value) => {
      expect(parse(value)).toMatchObject({
        ok: false,
        fieldErrors: {
          policeCheckYears: "Police check validity must be a whole number of years from 1 to 10",
        },
      });
    },
  );
});
