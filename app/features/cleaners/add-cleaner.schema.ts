import { z } from "zod";
import { formList } from "~/lib/forms";
import {
  CONTROL_CHARACTER_MESSAGE,
  emailRule,
  isAustralianPhone,
  isSingleLine,
  PHONE_EXAMPLE_MESSAGE,
} from "~/lib/field-rules";
import {
  CLEANER_DAY_OPTIONS,
  CLEANER_LANGUAGE_OPTIONS,
  CLEANER_SERVICE_OPTIONS,
  CLEANER_SPECIALTY_OPTIONS,
} from "./cleaner-admin-copy";

// docs/product/back-office.md#add-new-cleaner and #validation-rules: name, email, phone and
// location required; the photo URL must be a URL; four multi-select lists from the spec's options.
// Shared by the dialog (Conform) and the server. The lists post as repeated checkbox values.

const UPLOAD_ID = /^[0-9a-f-]{36}$/i;

/** One ticked box posts a string, several an array, none nothing: always a list here. */
const choices = <T extends readonly [string, ...string[]]>(options: T, message: string) =>
  z.preprocess(
    formList,
    // Checked as a whole, so the message sits on the list rather than on one of its items.
    z
      .array(z.string(), message)
      .refine(
        (chosen) => chosen.every((one) => (options as readonly string[]).includes(one)),
        message,
      )
      .transform((chosen) => [...new Set(chosen)] as T[number][]),
  );

const requiredLine = (required: string, max: number, tooLong: string) =>
  z
    .string(required)
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .refine(isSingleLine, CONTROL_CHARACTER_MESSAGE);

export const PHOTO_URL_MESSAGE = "Please enter a valid URL, like https://images.unsplash.com/…";

export function isWebUrl(value: string) {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
  } catch {
    return false;
  }
}

export const photoUrlRule = z
  .string()
  .trim()
  .max(2000, PHOTO_URL_MESSAGE)
  .refine((value) => value === "" || isWebUrl(value), PHOTO_URL_MESSAGE)
  .default("");

export const photoIdRule = z
  .string()
  .trim()
  .refine((value) => value === "" || UPLOAD_ID.test(value), "Please upload the photo again.")
  .default("");

export const AddCleanerSchema = z.object({
  name: requiredLine("Please enter the cleaner's name.", 100, "Please shorten the name."),
  email: emailRule({
    required: "Please enter the cleaner's email address.",
    invalid: "Please enter a valid email address, like name@example.com.",
  }),
  phone: z
    .string("Please enter the cleaner's phone number.")
    .trim()
    .min(1, "Please enter the cleaner's phone number.")
    .max(30, "Please check the phone number.")
    .refine(isAustralianPhone, PHONE_EXAMPLE_MESSAGE),
  location: requiredLine(
    "Please enter the cleaner's location.",
    100,
    "Please shorten the location.",
  ),
  photoUrl: photoUrlRule,
  photoId: photoIdRule,
  services: choices(CLEANER_SERVICE_OPTIONS, "Please choose services from the list."),
  availability: choices(CLEANER_DAY_OPTIONS, "Please choose days from the list."),
  languages: choices(CLEANER_LANGUAGE_OPTIONS, "Please choose languages from the list."),
  specialties: choices(CLEANER_SPECIALTY_OPTIONS, "Please choose specialties from the list."),
});

export type AddCleanerInput = z.output<typeof AddCleanerSchema>;
export type AddCleanerField = Extract<keyof z.input<typeof AddCleanerSchema>, string>;
