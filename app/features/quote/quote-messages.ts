// The strings the quote wizard and the server show, in one place so the UI, the server and the
// tests use the same words. Texts the spec gives are kept word for word and say so.

/** Shown next to wizard fields (docs/product/public-site.md#validation-rules gives the rules, not the words). */
export const QUOTE_WIZARD_MESSAGES = {
  spaceTypeRequired: "Choose the type of space",
  businessNameRequired: "Enter the business name",
  floorAreaRequired: "Enter the floor area in m² (more than 0)",
  floorAreaTooLarge: "For more than 100,000 m², please call us",
  roomsRequired: "Add at least one bedroom or bathroom",
  wholeNumber: "Enter a whole number",
  notNegative: "Cannot be less than 0",
  tooLong: "This is longer than we can take",
  levelRequired: "Choose a cleaning level",
  timePreferenceRequired: "Choose a preferred time",
  optionNotForService: "This option is not offered for this type of cleaning",
  photosOrWaiver: "Add at least one photo, or tick the box to continue without photos",
  photoInvalid: "This photo did not upload. Please remove it and try again",
  photoRepeated: "This photo is already added",
  nameRequired: "Enter your name",
  emailRequired: "Enter your email address",
  emailInvalid: "Enter a valid email address, like name@example.com",
  phoneRequired: "Enter your phone number",
  phoneInvalid: "Enter an Australian phone number, like 0412 345 678 or (02) 9123 4567",
  serviceTypeRequired: "Choose residential or commercial cleaning",
  // A whole group missing from an API caller's payload (the wizard always sends each group)
  conditionsRequired: "Tell us the condition of the space",
  contactRequired: "Enter your name, email and phone",
  // Wrong types from an API caller: plain words instead of the parser's defaults
  yesOrNo: "Answer true or false",
  housekeepingLevelInvalid: "Choose none, basic or full housekeeping",
  dirtLevelInvalid: "Choose normal or heavy",
  preferredCleanerInvalid: "Give the preferred cleaner's id from their profile",
  // docs/decisions/0050-wizard-history-and-suburbs.md: the address names no suburb of the NSW list
  suburbNotListed: "We can't find that suburb in NSW. Start typing it and choose it from the list",
  // docs/product/public-site.md#validation-rules and docs/product/public-site.md#messages, word for word
  tooManyImages: "Maximum 4 images allowed",
  incomplete: "Please complete all required fields",
} as const;

/** "Enter a number from 0 to 20": the stepper limits, so a typo cannot price a palace. */
export function countRangeMessage(max: number) {
  return `Enter a number from 0 to ${max}`;
}

/**
 * docs/product/public-site.md#validation-rules "Quote creation" and docs/product/public-site.md#messages: the server's checks before a quote row is written,
 * word for word. Each failure stops with its own error (the first, in this order).
 */
export const CREATE_QUOTE_MESSAGES = {
  clientNameRequired: "Client name is required",
  clientEmailRequired: "Client email is required",
  serviceTypeRequired: "Service type is required",
  cleaningLevelRequired: "Cleaning level is required",
  invalidEstimatedHours: "Invalid estimated hours",
} as const;

/** docs/product/public-site.md#validation-rules and docs/product/public-site.md#messages: what stops a quote once its fields are valid, word for word. */
export const QUOTE_STORE_MESSAGES = {
  databaseConnectionFailed: "Database connection failed",
  noDataReturned: "Quote creation failed - no data returned",
  // docs/product/public-site.md#messages "Quote generation": what the visitor sees when storing failed
  generateFailed: "Failed to generate quote. Please try again.",
} as const;

/** docs/product/public-site.md#messages: "Failed to create quote in database: {reason}" */
export function failedToCreateQuoteMessage(reason: string) {
  return `Failed to create quote in database: ${reason}`;
}
