// The back office's words for cleaners (docs/product/back-office.md#add-new-cleaner,
// #cleaner-profile, #messages) and the Add Cleaner form's option lists
// (docs/product/back-office.md#business-constants-and-limits), word for word. Client-safe.

export const CLEANER_SERVICE_OPTIONS = [
  "Residential",
  "Commercial",
  "House Keeping",
  "End of Lease",
] as const;

export const CLEANER_DAY_OPTIONS = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;

/** The admin form's languages; an applicant may also have chosen "Other". */
export const CLEANER_LANGUAGE_OPTIONS = [
  "English",
  "Spanish",
  "Mandarin",
  "Portuguese",
  "Arabic",
] as const;

export const CLEANER_SPECIALTY_OPTIONS = [
  "Deep Cleaning",
  "End of Lease",
  "Regular Cleaning",
  "Organization",
  "Window Cleaning",
  "Carpet Cleaning",
] as const;

export const ADD_CLEANER_TEXT = {
  button: "Add Cleaner",
  title: "Add New Cleaner",
  description:
    "The new cleaner starts as offline, with a rating of 0 and no jobs, until their police check is recorded on their profile.",
  submit: "Add Cleaner",
  submitting: "Adding...",
  failed: "Failed to add cleaner",
  added: (name: string) => `${name} was added to the team.`,
  duplicateEmail: "A cleaner with this email address already exists.",
  photoGone: "The uploaded photo is no longer available. Please upload it again.",
} as const;

export const CLEANER_PHOTO_TEXT = {
  type: "Please upload a JPEG, PNG, or WebP image",
  size: "Image must be less than 5MB",
  upload: "Upload Photo",
  uploading: "Uploading the photo...",
  remove: "Remove photo",
  hint: "JPEG, PNG or WebP, under 5MB. Or give a photo URL.",
} as const;

export const PHOTO_INTENT = "photo";
export const CLEANER_PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** What the photo upload answers: the stored upload, or the message to show. */
export type CleanerPhotoUpload = { photo: { id: string; url: string } } | { error: string };

export const PROFILE_TEXT = {
  noId: "No cleaner ID provided",
  notFound: "Cleaner not found",
  failed: "Failed to load cleaner profile",
  back: "Back to Cleaners",
  statusChanged: (status: string) => `Status changed to ${status}.`,
  statusUnchanged: "The cleaner already has that status.",
  statusFailed: "The status could not be changed. Please try again.",
  jobsReleased: (count: number) =>
    `${count} ${count === 1 ? "job was" : "jobs were"} released and the cleaner emailed.`,
  saved: "Public profile saved.",
  saveFailed: "The public profile could not be saved. Please try again.",
  revealed: "Payment details revealed. This was recorded in the audit log.",
  revealRefused: "Only an owner can reveal payment details.",
  notProvided: "Not provided",
  noneSelected: "None selected",
} as const;

/** The profile's edit forms (docs/decisions/0055-cleaner-edits-and-audit-log.md). */
/** The pay basis form's intent (docs/decisions/0092-pay-basis-and-other-payments.md). */
export const PAY_BASIS_INTENT = "pay-basis";

export const EDIT_TEXT = {
  detailsTitle: "Edit contact details and services",
  detailsSubmit: "Save contact details",
  detailsSaved: "Contact details and services saved.",
  bankTitle: "Edit bank details",
  bankSubmit: "Save bank details",
  bankSaved: "Bank details saved. The change was recorded in the audit log.",
  bankIntro:
    "The BSB and account number are stored encrypted and never shown again. Leave them blank to keep the current ones.",
  bankOwnerOnly: "Only an owner can change bank details.",
  unchanged: "Nothing was changed.",
  saving: "Saving...",
  keepCurrent: (masked: string) => `Leave blank to keep ${masked}.`,
} as const;
