// The application wizard's words (docs/product/back-office.md#cleaner-application-wizard,
// docs/product/back-office.md#messages): the spec's texts word for word, and the human labels we
// give the spec's option values (docs/product/back-office.md#business-constants-and-limits).
// Client-safe: the wizard and the server share them.

export const APPLICATION_TEXT = {
  title: "Join Our Team",
  submit: "Submit Application",
  submitting: "Submitting...",
  successTitle: "Application Submitted!",
  successBody:
    "Thank you for your interest in joining our team. We'll review your application and contact you soon.",
  redirecting: "Redirecting you to the homepage...",
  failed: "Failed to submit application. Please try again.",
  duplicateEmail: "This email is already registered. Please use a different email address.",
  photoType: "Please upload a JPEG, PNG, or WebP image",
  photoSize: "Image must be less than 5MB",
  photoGone: "Your photo is no longer available. Please upload it again.",
  photoFailed: "Your photo could not be uploaded. Please try again.",
  abn: "ABN must be exactly 11 digits",
  noPhoto: "No photo",
  uploadPhoto: "Upload Photo",
  photoHint: "A professional photo of yourself. Max 5MB, JPEG, PNG or WebP.",
  notProvided: "Not provided",
  noneSelected: "None selected",
  paymentNote:
    "These details are used for payment if your application succeeds. They are stored securely and encrypted.",
} as const;

/** docs/product/back-office.md#cleaner-application-wizard: the progress bar's six labels. */
export const APPLICATION_STEP_LABELS = [
  "Personal",
  "Experience",
  "Availability",
  "Equipment",
  "Payment",
  "Review",
] as const;

/** Each step's heading. */
export const APPLICATION_STEP_TITLES = [
  "Personal Information",
  "Work Experience & Eligibility",
  "Availability & Languages",
  "Cleaning Equipment",
  "Payment Details (Optional)",
  "Review Your Application",
] as const;

export const APPLICATION_STEP_COUNT = APPLICATION_STEP_LABELS.length;

/** docs/product/back-office.md#business-constants-and-limits: redirect after success. */
export const APPLICATION_REDIRECT_MS = 3000;
/** docs/product/back-office.md#business-constants-and-limits: the photo is under 5MB. */
export const APPLICANT_PHOTO_MAX_BYTES = 5 * 1024 * 1024;

export const EXPERIENCE_OPTIONS = [
  { value: "0-1", label: "Less than 1 year" },
  { value: "1-2", label: "1-2 years" },
  { value: "2-5", label: "2-5 years" },
  { value: "5+", label: "5+ years" },
] as const;

export const VISA_OPTIONS = [
  { value: "citizen", label: "Australian citizen" },
  { value: "permanent", label: "Permanent resident" },
  { value: "student", label: "Student visa" },
  { value: "working_holiday", label: "Working holiday visa" },
  { value: "temporary", label: "Temporary work visa" },
  { value: "other", label: "Other visa" },
] as const;

export const ENGLISH_OPTIONS = [
  { value: "native", label: "Native" },
  { value: "fluent", label: "Fluent" },
  { value: "advanced", label: "Advanced" },
  { value: "intermediate", label: "Intermediate" },
  { value: "basic", label: "Basic" },
] as const;

/** Weekday names, as a cleaner's availability is stored (docs/product/back-office.md#entities-and-fields). */
export const AVAILABILITY_VALUES = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;

export const LANGUAGE_VALUES = [
  "English",
  "Spanish",
  "Portuguese",
  "Mandarin",
  "Arabic",
  "Other",
] as const;

export const EQUIPMENT_OPTIONS = [
  { value: "vacuum", label: "Vacuum cleaner" },
  { value: "mop", label: "Mop and bucket" },
  { value: "products", label: "Cleaning products" },
  { value: "cloths", label: "Microfibre cloths" },
  { value: "gloves", label: "Gloves" },
  { value: "scrubbers", label: "Scrubbers and brushes" },
] as const;

type Option = { readonly value: string; readonly label: string };

/** The label of `value` among `options`, or the value itself when it has none. */
export function labelOf(options: readonly Option[], value: string) {
  return options.find((option) => option.value === value)?.label ?? value;
}

/** docs/product/back-office.md#business-constants-and-limits: "12345678" -> "••••5678". */
export function maskAccountNumber(value: string) {
  return `${"•".repeat(Math.max(0, value.length - 4))}${value.slice(-4)}`;
}
