import { describe, expect, it } from "vitest";
import { z } from "zod";
import { firstErrorPerField } from "./field-errors";

describe("firstErrorPerField", () => {
  it("keeps the first message of each field, and keys a whole-form rule as form", () => {
    const schema = z
      .object({
        email: z.string().min(1, "Email is required").email("Please enter a valid email"),
        address: z.object({ suburb: z.string().min(1, "Suburb is required") }),
      })
      .refine(() => false, "Something about the whole form");
    const result = schema.safeParse({ email: "", address: { suburb: "" } });
    expect(firstErrorPerField(result.error!)).toEqual({
      email: "Email is required",
      address: "Suburb is required",
      form: "Something about the whole form",
    });
    const whole = schema.safeParse({ email: "a@example.com", address: { suburb: "Manly" } });
    expect(firstErrorPerField(whole.error!)).toEqual({ form: "Something about the whole form" });
  });
});
