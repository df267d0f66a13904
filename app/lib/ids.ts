// Ids are random, never sequential: nothing in a URL lets a stranger guess the next record.

const REFERENCE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"; // no 0/O or 1/I: read aloud on the phone

export function newId() {
  return crypto.randomUUID();
}

/** A short, unguessable reference a customer can read out: "HG-7KQ4M2XP9T". 50 bits of randomness. */
export function newReference(prefix = "HG") {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  let out = "";
  for (const byte of bytes) out += REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length];
  return `${prefix}-${out}`;
}

/** True when `value` has the shape newReference makes: "HG-7KQ4M2XP9T" (prefix, hyphen, 10 characters). */
export function isReference(value: string) {
  return /^[A-Z]{2}-[A-Z2-9]{10}$/.test(value);
}

/** A long random token for links sent by email (magic links, assignment answers). */
export function newToken() {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Buffer.from(bytes).toString("base64url");
}
