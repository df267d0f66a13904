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

/** An Australian mobile: 04xx xxx xxx, or +61 4xx xxx xxx (isAustralianPhone, and a mobile prefix). */
export function isAustralianMobile(value: string) {
  if (!isAustralianPhone(value)) return false;
  const digits = value.replace(/\D/g, "");
  return /^04\d{8}$/.test(digits) || /^614\d{8}$/.test(digits);
}

/** "0412 345 678" -> "https://wa.me/61412345678": WhatsApp's click-to-chat link. */
export function whatsappHref(mobile: string) {
  const digits = mobile.replace(/\D/g, "");
  return `https://wa.me/${digits.startsWith("61") ? digits : `61${digits.replace(/^0/, "")}`}`;
}
