import { z } from "zod";
import {
  emailRule,
  CONTROL_CHARACTER_MESSAGE,
  abnChecksumHolds,
  isAbn,
  isAustralianPhone,
  isSingleLine,
} from "~/lib/field-rules";
import { ANALYTICS_TAG_ID } from "~/lib/analytics";
import { isAustralianMobile } from "~/lib/phone";
import type { BusinessProfile } from "./business-profile";
import {
  formatClosedDates,
  formatWeeklyHours,
  parseClosedDates,
  parseWeeklyHours,
} from "./opening-hours-form";
import { formatPlainAmount, formatRate } from "~/lib/format";

// One schema per settings form (docs/conventions.md#validation-and-forms): the browser checks with it before sending, the
// server parses again. Inputs are the form's strings; outputs are what the service stores.

export const SETTINGS_TEXT = {
  fixErrors: (count: number) =>
    count === 1
      ? "Please fix the field marked below."
      : `Please fix the ${count} fields marked below.`,
  profileSaved: "Business profile saved.",
  notificationsSaved: "Notification settings saved.",
  integrationsSaved: "Webhook and analytics settings saved.",
  smsUnavailable:
    "SMS needs a Twilio account. Add the TWILIO_* settings to the server's environment to turn it on.",
} as const;

const MONEY = /^\$?\s*(\d{1,6})(?:\.(\d{1,2}))?$/;

/** "$52.50" or "52.5" -> 5250; anything else fails with `message`. */
function dollars(label: string, example: string, min = 100) {
  const message = `Enter ${label} in dollars, like ${example}`;
  return z
    .string()
    .trim()
    .regex(MONEY, message)
    .transform((value) => {
      const [, whole, cents = ""] = MONEY.exec(value)!;
      return Number(whole) * 100 + Number(cents.padEnd(2, "0"));
    })
    .pipe(
      z
        .number()
        .int()
        .min(min, `${capitalise(label)} must be at least ${formatRate(min)}`),
    );
}

function wholeNumber(label: string, min: number, max: number) {
  const message = `${capitalise(label)} must be a whole number from ${min} to ${max}`;
  return z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));
}

/** A checkbox: "on" when ticked, absent when not. */
const ticked = z
  .string()
  .optional()
  .transform((value) => value === "on");

function capitalise(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "2000, 2010-2012" or one per line -> ["2000", "2010", "2011", "2012"]; "" -> []; null when unreadable. */
export function parsePostcodes(text: string): string[] | null {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  const postcodes = new Set<string>();
  for (const part of parts) {
    const range = /^(\d{4})(?:-(\d{4}))?$/.exec(part);
    if (!range) return null;
    const from = Number(range[1]);
    const to = Number(range[2] ?? range[1]);
    if (to < from || to - from > 2000) return null;
    for (let code = from; code <= to; code++) postcodes.add(String(code).padStart(4, "0"));
  }
  return [...postcodes].sort();
}

const POSTCODES_MESSAGE =
  "Write four-digit postcodes or ranges separated by commas, like 2000, 2010-2020, or leave it blank";

/** A text area read by `parse` into its stored shape, or one message beside the field. */
function readText<T>(
  parse: (text: string) => { ok: true; value: T } | { ok: false; message: string },
) {
  return z.string().transform((value, ctx) => {
    const parsed = parse(value);
    if (parsed.ok) return parsed.value;
    ctx.addIssue({ code: "custom", message: parsed.message });
    return z.NEVER;
  });
}

export const ABN_CHECK_MESSAGE =
  "This ABN does not pass the ATO's check: look for a mistyped digit";

export const BusinessProfileFormSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, "Enter the business name")
      .max(100, "Keep the name under 100 characters")
      .refine(isSingleLine, CONTROL_CHARACTER_MESSAGE),
    phone: z.string().trim().refine(isAustralianPhone, "Enter a phone number, like (02) 5550 1234"),
    email: emailRule({
      required: "Enter a valid email address",
      invalid: "Enter a valid email address",
    }),
    address: z
      .string()
      .trim()
      .min(1, "Enter the business address")
      .max(200, "Keep the address under 200 characters")
      .refine(isSingleLine, CONTROL_CHARACTER_MESSAGE),
    // docs/product/back-office.md#validation-rules: an ABN is exactly 11 digits; spaces as printed on invoices are forgiven.
    // It is printed on every tax invoice, so it must also pass the ATO's check
    // (docs/decisions/0054-tax-invoice-receipts-and-one-price.md).
    abn: z
      .string()
      .trim()
      .refine(isAbn, { message: "ABN must be exactly 11 digits", abort: true })
      .refine(abnChecksumHolds, ABN_CHECK_MESSAGE),
    // docs/decisions/0040-business-hours-bound-bookings.md: the hours bookings must fit in.
    openingHours: readText(parseWeeklyHours),
    closedDates: readText(parseClosedDates),
    hourlyRate: dollars("the hourly rate", "50 or 52.50"),
    cleanerPayRate: dollars("the cleaner pay rate", "32 or 33.50"),
    offerResponseHours: wholeNumber("the offer response deadline", 1, 168),
    unpaidHoldHours: wholeNumber("the unpaid booking hold", 1, 168),
    travelMinutes: wholeNumber("the travel time between jobs", 0, 180),
    autoOffers: ticked,
    autoOfferWaitMinutes: wholeNumber("the waiting period before the next cleaner", 15, 1440),
    autoOfferReleasedSeats: ticked,
    // WhatsApp answers on a mobile, never on the landline; blank: no WhatsApp.
    whatsappNumber: z
      .string()
      .trim()
      .refine(
        (value) => value === "" || isAustralianMobile(value),
        "Enter an Australian mobile number, like 0412 345 678, or leave it blank",
      ),
    serviceAreaPostcodes: z.string().transform((value, ctx) => {
      const postcodes = parsePostcodes(value);
      if (!postcodes) {
        ctx.addIssue({ code: "custom", message: POSTCODES_MESSAGE });
        return z.NEVER;
      }
      return postcodes;
    }),
  })
  .transform((form): BusinessProfile => ({
    name: form.name,
    phone: form.phone,
    email: form.email,
    address: form.address,
    abn: form.abn,
    weeklyHours: form.openingHours,
    closedDates: form.closedDates,
    hourlyRateCents: form.hourlyRate,
    whatsappNumber: form.whatsappNumber,
    serviceAreaPostcodes: form.serviceAreaPostcodes,
    cleanerPayRateCents: form.cleanerPayRate,
    offerResponseHours: form.offerResponseHours,
    unpaidHoldHours: form.unpaidHoldHours,
    travelMinutes: form.travelMinutes,
    autoOffers: form.autoOffers,
    autoOfferWaitMinutes: form.autoOfferWaitMinutes,
    autoOfferReleasedSeats: form.autoOfferReleasedSeats,
  }));

export type BusinessProfileFormValues = z.input<typeof BusinessProfileFormSchema>;

/** The form's starting values: money back in dollars, the hours as lines. */
export function profileFormValues(profile: BusinessProfile): BusinessProfileFormValues {
  return {
    name: profile.name,
    phone: profile.phone,
    email: profile.email,
    address: profile.address,
    abn: profile.abn,
    openingHours: formatWeeklyHours(profile.weeklyHours),
    closedDates: formatClosedDates(profile.closedDates),
    hourlyRate: formatPlainAmount(profile.hourlyRateCents),
    cleanerPayRate: formatPlainAmount(profile.cleanerPayRateCents),
    offerResponseHours: String(profile.offerResponseHours),
    unpaidHoldHours: String(profile.unpaidHoldHours),
    travelMinutes: String(profile.travelMinutes),
    autoOffers: profile.autoOffers ? "on" : undefined,
    autoOfferWaitMinutes: String(profile.autoOfferWaitMinutes),
    autoOfferReleasedSeats: profile.autoOfferReleasedSeats ? "on" : undefined,
    whatsappNumber: profile.whatsappNumber,
    serviceAreaPostcodes: profile.serviceAreaPostcodes.join(", "),
  };
}

export type NotificationSettings = { email: boolean; sms: boolean };

// docs/decisions/0024-notification-toggles.md: email notifications are on until staff turn them off.
export const DEFAULT_NOTIFICATIONS: NotificationSettings = { email: true, sms: false };

/** settings.notifications as stored: each switch missing or not a boolean keeps its default. */
export const StoredNotificationSettingsSchema = z.object({
  email: z.boolean().catch(DEFAULT_NOTIFICATIONS.email),
  sms: z.boolean().catch(DEFAULT_NOTIFICATIONS.sms),
});

const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on");

export const NotificationsFormSchema = z
  .object({ emailNotifications: checkbox, smsNotifications: checkbox })
  .transform((form): NotificationSettings => ({
    email: form.emailNotifications,
    sms: form.smsNotifications,
  }));

/** Blank means "use the server's environment value"; anything else must be a web address. */
const optionalUrl = z
  .string()
  .trim()
  .max(500, "Keep the address under 500 characters")
  .refine(
    (value) => value === "" || (URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)),
    "Enter a full web address, starting with https://, or leave it blank",
  );

export const IntegrationsFormSchema = z.object({
  webhookProductionUrl: optionalUrl,
  webhookTestUrl: optionalUrl,
  analyticsTagId: z
    .string()
    .trim()
    .refine(
      (value) => value === "" || ANALYTICS_TAG_ID.test(value),
      "Enter a tag id like G-ABC123XYZ, or leave it blank",
    ),
});

export type IntegrationSettings = z.infer<typeof IntegrationsFormSchema>;

export type SettingSource = "saved" | "environment" | "unset";

export type ResolvedSetting = {
  /** The value the app uses now. */
  inForce: string | null;
  source: SettingSource;
  /** What staff saved here ("" or null: nothing, so the environment's value applies). */
  saved: string | null;
  /** Whether the environment offers a first value. */
  fromEnvironment: string | null;
};

export type SecretStatus = { name: string; label: string; set: boolean };

export type FieldErrors = Record<string, string>;
