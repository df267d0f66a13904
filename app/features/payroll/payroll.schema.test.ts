import { describe, expect, test } from "vitest";
import { parseForm } from "~/lib/forms";
import { ApproveLinesSchema } from "./payroll.schema";

function approveForm(lineIds: string[]) {
  const form = new FormData();
  form.set("intent", "approve");
  for (const id of lineIds) form.append("lineIds", id);
  return form;
}

describe("the approve form", () => {
  test("one line's Approve posts one id, and that is a list of one", () => {
    expect(parseForm(approveForm(["line-1"]), ApproveLinesSchema)).toEqual({
      ok: true,
      value: { lineIds: ["line-1"] },
    });
  });

  test("Approve all posts every pending line's id", () => {
    expect(parseForm(approveForm(["line-1", "line-2"]), ApproveLinesSchema)).toEqual({
      ok: true,
      value: { lineIds: ["line-1", "line-2"] },
    });
  });

  test("a form with no line says there is nothing to approve", () => {
    const parsed = parseForm(approveForm([]), ApproveLinesSchema);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? null : parsed.fieldErrors.lineIds).toMatch(/approve/i);
  });
});
