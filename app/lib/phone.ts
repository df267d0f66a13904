// An Australian number: 8 digits (a local landline) to 15 (E.164), with spaces, brackets,
// hyphens and a leading + allowed: "0412 345 678", "(02) 9123 4567", "+61 2 9123 4567".
export function isAustralianPhone(value: string) {
  const digits = value.replace(/\D/g, "").length;
  return /^\+?[\d\s()-]+$/.test(value) && digits >= 8 && digits <= 15;
}

/** "(02) 5550 1234" -> "+61255501234", for tel: links. */
export function phoneHref(phone: string) {
  const digits = phone.replace(/[^\d+]/g, "");
  if (digits.startsWith("+")) return `tel:${digits}`;
  return `tel:+61${digits.replace(/^0/, "")}`;
}
