// The test provider's card form (docs/product/public-site.md#payment-details,
// docs/decisions/0007-payments-through-a-provider.md). The browser checks the card fields and
// turns the card number into a test token; only the token is posted, so the server never sees
// a card number, an expiry or a CVC. No zod here: the page bundle imports it.

/** Stripe's own test tokens for its test cards, and what the simulated processor does with them. */
export const TEST_CARD_TOKENS = {
  "4242424242424242": "tok_visa",
  "5555555555554444": "tok_mastercard",
  "4000000000000002": "tok_chargeDeclined",
  "4000000000009995": "tok_chargeDeclinedInsufficientFunds",
  // Saved for later (docs/decisions/0074-saved-cards-and-off-session-charges.md): saved and paid
  // with the customer present, but declined when charged after the clean...
  "4000000000000341": "tok_chargeCustomerFail",
  // ...and one whose bank asks the customer to confirm each charge made without them.
  "4000002760003184": "tok_authenticationRequired",
} as const;

export type TestCardToken = (typeof TEST_CARD_TOKENS)[keyof typeof TEST_CARD_TOKENS];

export const TEST_TOKENS = Object.values(TEST_CARD_TOKENS) as [TestCardToken, ...TestCardToken[]];

/**
 * The test cards as choices, for a browser without JavaScript: it cannot check a typed card,
 * so it picks one and posts only its token (docs/decisions/0053-guest-booking-page.md).
 */
export const TEST_CARD_CHOICES: ReadonlyArray<{ token: TestCardToken; label: string }> = [
  { token: "tok_visa", label: "4242 4242 4242 4242: paid" },
  { token: "tok_mastercard", label: "5555 5555 5555 4444: paid" },
  { token: "tok_chargeDeclined", label: "4000 0000 0000 0002: declined" },
  {
    token: "tok_chargeDeclinedInsufficientFunds",
    label: "4000 0000 0000 9995: declined for insufficient funds",
  },
  {
    token: "tok_chargeCustomerFail",
    label: "4000 0000 0000 0341: saved, declined after the clean",
  },
  {
    token: "tok_authenticationRequired",
    label: "4000 0027 6000 3184: saved, asks you to confirm after the clean",
  },
];

/** The field messages of the card form. */
export const CARD_MESSAGES = {
  numberRequired: "Enter the card number",
  numberInvalid: "Enter a valid card number",
  numberNotTestCard:
    "Test mode accepts only test cards: 4242 4242 4242 4242 is paid, 4000 0000 0000 0002 is declined",
  expiryRequired: "Enter the expiry date",
  expiryInvalid: "Enter the expiry date as MM/YY",
  expiryPast: "This card has expired",
  cvcRequired: "Enter the CVC",
  cvcInvalid: "The CVC is 3 or 4 digits",
  tokenRequired: "Choose a test card",
} as const;

export type CardFields = { number: string; expiry: string; cvc: string };
export type CardErrors = Partial<Record<keyof CardFields, string>>;

const digitsOf = (value: string) => value.replace(/[\s-]/g, "");

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string) {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * MM/YY, not before this month. A card is valid to the end of its expiry month; "this month" is
 * the visitor's own clock's, which is what the card's holder reads too.
 */
export function expiryProblem(expiry: string, now = new Date()): string | undefined {
  const value = expiry.trim();
  if (!value) return CARD_MESSAGES.expiryRequired;
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value);
  const month = match ? Number(match[1]) : 0;
  if (!match || month < 1 || month > 12) return CARD_MESSAGES.expiryInvalid;
  const year = 2000 + Number(match[2]);
  const thisYear = now.getFullYear();
  const thisMonth = now.getMonth() + 1;
  if (year < thisYear || (year === thisYear && month < thisMonth)) return CARD_MESSAGES.expiryPast;
  return undefined;
}

/** Every field's message, empty when the card may be sent. */
export function checkCard(card: CardFields, now = new Date()): CardErrors {
  const errors: CardErrors = {};
  const digits = digitsOf(card.number);
  if (!digits) errors.number = CARD_MESSAGES.numberRequired;
  else if (!passesLuhn(digits)) errors.number = CARD_MESSAGES.numberInvalid;
  else if (!(digits in TEST_CARD_TOKENS)) errors.number = CARD_MESSAGES.numberNotTestCard;
  const expiry = expiryProblem(card.expiry, now);
  if (expiry) errors.expiry = expiry;
  const cvc = card.cvc.trim();
  if (!cvc) errors.cvc = CARD_MESSAGES.cvcRequired;
  else if (!/^\d{3,4}$/.test(cvc)) errors.cvc = CARD_MESSAGES.cvcInvalid;
  return errors;
}

/** The token the browser posts for a checked card number; undefined for any other number. */
export function testTokenFor(cardNumber: string): TestCardToken | undefined {
  const digits = digitsOf(cardNumber);
  return (TEST_CARD_TOKENS as Record<string, TestCardToken>)[digits];
}

/** "4242424242424242" -> "4242 4242 4242 4242", as the visitor types. */
export function formatCardNumber(value: string) {
  return digitsOf(value)
    .replace(/\D/g, "")
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** "1230" -> "12/30", as the visitor types. */
export function formatExpiry(value: string) {
  const digits = value.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}
