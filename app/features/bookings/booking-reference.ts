// docs/decisions/0005-durable-references.md: a booking's reference opens it without signing in
// (links in emails, the success page), so it is unguessable: "BK-" and 26 base32 characters,
// 130 bits from the platform's random source.

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function newBookingReference() {
  const bytes = crypto.getRandomValues(new Uint8Array(17));
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < 26) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return `BK-${out}`;
}

export function isBookingReference(value: string | null | undefined): value is string {
  return typeof value === "string" && /^BK-[A-Z2-7]{26}$/.test(value);
}
