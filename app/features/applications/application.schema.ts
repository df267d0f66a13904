import { z } from "zod";
import {
  CONTROL_CHARACTER_MESSAGE,
  emailRule,
  isAbn,
  isBsb,
  isPlainMultiLine,
  isSingleLine,
  MULTI_LINE_CONTROL_MESSAGE,
  YOUR_EMAIL_MESSAGES,
  yourPhoneRule,
} from "~/lib/field-rules";
import {
  APPLICATION_TEXT,
  AVAILABILITY_VALUES,
  ENGLISH_OPTIONS,
  EQUIPMENT_OPTIONS,
  EXPERIENCE_OPTIONS,
  LANGUAGE_VALUES,
  VISA_OPTIONS,
} from "./application-copy";

// docs/product/back-office.md#validation-rules: the application wizard's rules, one schema per
// step (checked by Next) and the whole (checked again by the server). The wizard posts its state
// as a form: text as strings, ticked boxes as "on", lists as `availability[0]`, `availability[1]`…
// (Conform's names), so the browser checks exactly what the server will parse.

const values = <T extends readonly { value: string }[]>(options: T) =>
  options.map((option) => option.value) as unknown as [T[number]["value"], ...T[number]["value"][]];

const flag = z
  .enum(["on"])
  .optional()
  .transform((value) => value === "on");

const singleLine = (max: number, tooLong: string) =>
  z.string().trim().max(max, tooLong).refine(isSingleLine, CONTROL_CHARACTER_MESSAGE);

const optionalLine = (max: number, tooLong: string) => singleLine(max, tooLong).default("");

/** Digits as typed, or nothing: the payment step is optional. */
const optionalDigits = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === "" || pattern.test(value), message)
    .default("");

const UPLOAD_ID = /^[0-9a-f-]{36}$/i;

export const PersonalStepSchema = z.object({
  photoId: z
    .string()
    .trim()
    .refine((value) => value === "" || UPLOAD_ID.test(value), APPLICATION_TEXT.photoGone)
    .default(""),
  name: z
    .string("Please enter your full name.")
    .trim()
    .min(1, "Please enter your full name.")
    .max(100, "Please shorten your full name.")
    .refine(isSingleLine, CONTROL_CHARACTER_MESSAGE),
  email: emailRule(YOUR_EMAIL_MESSAGES),
  phone: yourPhoneRule(),
});

const experienceShape = {
  experience: z.enum(values(EXPERIENCE_OPTIONS), "Please select your cleaning experience."),
  visaStatus: z.enum(values(VISA_OPTIONS), "Please select your visa status."),
  englishProficiency: z.enum(values(ENGLISH_OPTIONS), "Please select your English level."),
  hasPoliceCheck: flag,
  policeCheckDate: z.string().trim().default(""),
  hasAbn: flag,
  abnNumber: z.string().trim().default(""),
  hasTransport: flag,
  preferredAreas: optionalLine(200, "Please keep your preferred areas under 200 characters."),
};

/** What the eligibility check reads; when another field failed, values may be as posted. */
type EligibilityAnswers = {
  hasPoliceCheck?: unknown;
  policeCheckDate?: unknown;
  hasAbn?: unknown;
  abnNumber?: unknown;
};

const ticked = (value: unknown) => value === true || value === "on";
const typed = (value: unknown) => (typeof value === "string" ? value.trim() : "");

function isCalendarDate(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The police check date when the check is ticked; the ABN when one is claimed. */
function checkEligibility(answers: EligibilityAnswers, ctx: z.RefinementCtx) {
  const date = typed(answers.policeCheckDate);
  if (ticked(answers.hasPoliceCheck) && !isCalendarDate(date)) {
    ctx.addIssue({
      code: "custom",
      path: ["policeCheckDate"],
      message:
        date === ""
          ? "Please enter the date of your police check."
          : "Please enter the date of your police check as a valid date.",
    });
  }
  const abn = typed(answers.abnNumber);
  if (ticked(answers.hasAbn) && !(/^\d+$/.test(abn) && isAbn(abn))) {
    ctx.addIssue({ code: "custom", path: ["abnNumber"], message: APPLICATION_TEXT.abn });
  }
}

/** Run the check even when another field failed, so every message of a step shows at once. */
const ALWAYS = { when: () => true };

export const ExperienceStepSchema = z.object(experienceShape).superRefine(checkEligibility, ALWAYS);

const availabilityShape = {
  availability: z
    .array(z.enum(AVAILABILITY_VALUES), "Please select at least one day you are available.")
    .min(1, "Please select at least one day you are available."),
  languages: z
    .array(z.enum(LANGUAGE_VALUES), "Please select at least one language you speak.")
    .min(1, "Please select at least one language you speak."),
  message: z
    .string()
    .trim()
    .max(2000, "Please keep your additional information under 2,000 characters.")
    .refine(isPlainMultiLine, MULTI_LINE_CONTROL_MESSAGE)
    .default(""),
};

export const AvailabilityStepSchema = z.object(availabilityShape);

const equipmentShape = {
  hasOwnEquipment: flag,
  ownedEquipment: z
    .array(z.enum(values(EQUIPMENT_OPTIONS)), "Please choose equipment from the list.")
    .default([]),
};

export const EquipmentStepSchema = z.object(equipmentShape);

const paymentShape = {
  bankName: optionalLine(100, "Please shorten the bank name."),
  accountName: optionalLine(100, "Please shorten the account name."),
  bsb: optionalDigits(/^\d{6}$/, "BSB must be exactly 6 digits").refine(
    (value) => value === "" || isBsb(value),
    "BSB must be exactly 6 digits",
  ),
  accountNumber: optionalDigits(/^\d{1,10}$/, "Account number must be up to 10 digits"),
  tfn: optionalDigits(/^\d{9}$/, "Tax file number must be exactly 9 digits"),
  superFund: optionalLine(100, "Please shorten the superannuation fund's name."),
  superMemberNumber: optionalLine(30, "Please check your super member number."),
};

export const PaymentStepSchema = z.object(paymentShape);

/** The whole application, as the server parses it. */
export const ApplicationSchema = z
  .object({
    ...PersonalStepSchema.shape,
    ...experienceShape,
    ...availabilityShape,
    ...equipmentShape,
    ...paymentShape,
  })
  .superRefine(checkEligibility, ALWAYS);

/** Every field, in the order the wizard asks for them. */
export const APPLICATION_FIELDS = Object.keys(ApplicationSchema.shape) as ApplicationField[];

export type Application = z.output<typeof ApplicationSchema>;
export type ApplicationField = Extract<keyof z.input<typeof ApplicationSchema>, string>;

/** Steps 1 to 5 in order; the review step (6) has nothing of its own to check. */
export const APPLICATION_STEP_SCHEMAS = [
  PersonalStepSchema,
  ExperienceStepSchema,
  AvailabilityStepSchema,
  EquipmentStepSchema,
  PaymentStepSchema,
] as const;

const STEP_SHAPES = [
  PersonalStepSchema.shape,
  experienceShape,
  availabilityShape,
  equipmentShape,
  paymentShape,
];

/** The step (1 to 5) a field is asked on, so a server's message can take the visitor there. */
export function stepOfField(field: string): number {
  const index = STEP_SHAPES.findIndex((shape) => Object.hasOwn(shape, field));
  return index === -1 ? 6 : index + 1;
}
