import { describe, expect, test } from "vitest";
import { parseForm } from "~/lib/forms";
import {
  applicationFormData,
  firstInvalidStep,
  INITIAL_ANSWERS,
  INITIAL_PAYMENT,
  stepErrors,
  type ApplicationAnswers,
} from "./application-form";
import { ApplicationSchema } from "./application.schema";

// docs/product/back-office.md#validation-rules: what each step's Next and the server accept.

const complete: ApplicationAnswers = {
  ...INITIAL_ANSWERS,
  name: "Mia Rossi",
  email: "mia.rossi@example.com",
  phone: "0412 345 678",
  experience: "2-5",
  visaStatus: "working_holiday",
  englishProficiency: "fluent",
  availability: ["Monday", "Friday"],
  languages: ["English", "Spanish"],
};

describe("the application wizard's steps", () => {
  test("an empty personal step names each required field", () => {
    expect(stepErrors(1, INITIAL_ANSWERS, INITIAL_PAYMENT)).toEqual({
      name: "Please enter your full name.",
      email: "Please enter your email address.",
      phone: "Please enter your phone number.",
    });
  });

  test("the experience step asks for its three choices, the police check date and the ABN", () => {
    expect(stepErrors(2, INITIAL_ANSWERS, INITIAL_PAYMENT)).toEqual({
      experience: "Please select your cleaning experience.",
      visaStatus: "Please select your visa status.",
      englishProficiency: "Please select your English level.",
    });
    const ticked = { ...complete, hasPoliceCheck: true, hasAbn: true, abnNumber: "1234567890" };
    expect(stepErrors(2, ticked, INITIAL_PAYMENT)).toEqual({
      policeCheckDate: "Please enter the date of your police check.",
      abnNumber: "ABN must be exactly 11 digits",
    });
    const fixed = { ...ticked, policeCheckDate: "2026-03-14", abnNumber: "12345678901" };
    expect(stepErrors(2, fixed, INITIAL_PAYMENT)).toEqual({});
  });

  test("availability and languages need at least one each", () => {
    expect(stepErrors(3, INITIAL_ANSWERS, INITIAL_PAYMENT)).toEqual({
      availability: "Please select at least one day you are available.",
      languages: "Please select at least one language you speak.",
    });
  });

  test("payment is optional, but what is typed must have the right number of digits", () => {
    expect(stepErrors(5, complete, INITIAL_PAYMENT)).toEqual({});
    expect(stepErrors(5, complete, { ...INITIAL_PAYMENT, bsb: "12345", tfn: "12345678" })).toEqual({
      bsb: "BSB must be exactly 6 digits",
      tfn: "Tax file number must be exactly 9 digits",
    });
  });

  test("a complete application passes every step and parses whole, lists and ticks included", () => {
    const answers = { ...complete, hasOwnEquipment: true, ownedEquipment: ["vacuum", "mop"] };
    const payment = {
      ...INITIAL_PAYMENT,
      bankName: "Harbour Bank",
      bsb: "062000",
      tfn: "123456782",
    };
    expect(firstInvalidStep(answers, payment)).toBeNull();
    const parsed = parseForm(applicationFormData(answers, payment), ApplicationSchema);
    expect(parsed).toMatchObject({
      ok: true,
      value: {
        name: "Mia Rossi",
        availability: ["Monday", "Friday"],
        languages: ["English", "Spanish"],
        hasOwnEquipment: true,
        ownedEquipment: ["vacuum", "mop"],
        hasPoliceCheck: false,
        hasAbn: false,
        bsb: "062000",
        tfn: "123456782",
      },
    });
  });

  test("the server refuses values outside the lists and an ABN claimed without its number", () => {
    const form = applicationFormData({ ...complete, hasAbn: true }, INITIAL_PAYMENT);
    form.set("experience", "10+");
    form.set("languages[0]", "Klingon");
    const parsed = parseForm(form, ApplicationSchema);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? {} : parsed.fieldErrors).toMatchObject({
      experience: "Please select your cleaning experience.",
      abnNumber: "ABN must be exactly 11 digits",
    });
    expect(parsed.ok ? {} : parsed.fieldErrors).toHaveProperty(["languages[0]"]);
  });
});
