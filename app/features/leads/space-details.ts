import { formatDateAndSlot, formatMoney } from "~/lib/format";
// docs/product/back-office.md#entities-and-fields: a quote's space_details object, in words for
// the details dialog rather than raw JSON. Known keys get their labels; any other key is shown
// with its name spelt out, so nothing a customer typed is hidden.

const LABELS: Record<string, string> = {
  type: "Space",
  bedrooms: "Bedrooms",
  bathrooms: "Bathrooms",
  floors: "Floors",
  businessName: "Business name",
  squareFootage: "Floor area",
  occupants: "Occupants",
  cleanType: "Type of clean",
  rooms: "Rooms",
  address: "Address",
  preferences: "Preferences",
  conditions: "Conditions",
  companyName: "Company",
  abn: "ABN",
  requestType: "Request",
  plan: "Plan",
  planName: "Plan name",
  monthlyPriceCents: "Monthly price",
};

/** Keys that hold an amount in cents ("monthlyPriceCents"): shown as dollars, never as cents. */
const CENTS_KEY = /Cents$/;

/**
 * Photos are shown as photos; these keys hold their ids. The wished day and time is shown once,
 * formatted, as the service's "Preferred time" (preferredTimeOf), not again here raw.
 */
const HIDDEN = new Set(["images", "photos", "photoIds", "scheduled_date"]);

export type SpaceLine = { label: string; value: string };

/** The object's entries as label and value lines; an unreadable value reads as none. */
export function describeSpace(json: string): SpaceLine[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [];
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) => {
    if (HIDDEN.has(key)) return [];
    const text = inWords(key, item);
    const label = LABELS[key] ?? spellOut(key.replace(CENTS_KEY, ""));
    return text ? [{ label, value: text }] : [];
  });
}

function inWords(key: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") {
    if (key === "squareFootage") return `${value} m²`;
    if (CENTS_KEY.test(key)) return formatMoney(value);
    return String(value);
  }
  if (typeof value === "string") return spellOut(value, false);
  if (Array.isArray(value)) {
    return value
      .map((item) => inWords("", item))
      .filter(Boolean)
      .join(", ");
  }
  if (typeof value === "object") {
    return Object.entries(value as Record<string, unknown>)
      .map(([inner, item]) => {
        const text = inWords(inner, item);
        return text ? `${spellOut(inner)}: ${text}` : "";
      })
      .filter(Boolean)
      .join("; ");
  }
  return "";
}

/** "businessName" -> "Business name", "end_of_lease" -> "End of lease"; prose stays as typed. */
function spellOut(text: string, capitalise = true) {
  if (/\s/.test(text) || !/^[A-Za-z][A-Za-z0-9_-]*$/.test(text)) return text;
  const words = text
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .toLowerCase();
  return capitalise || /[_A-Z-]/.test(text) ? words.charAt(0).toUpperCase() + words.slice(1) : text;
}

/** "2026-11-28 13:00", "2026-11-28T13:00" or "2026-11-28": a day and, when given, its time. */
const WISHED_TIME = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}))?/;

/**
 * The day and time the customer asked for, formatted ("Sat, 28 Nov 2026, 1:00 PM"): the space
 * details' scheduled_date (date and time joined, docs/product/public-site.md#entities-and-fields),
 * else `fallbackDate` (the quote's own date, which a booking overwrites with its day, so the
 * caller passes it only while the lead has no booking). Null when neither says.
 */
export function preferredTimeOf(json: string, fallbackDate: string | null): string | null {
  let wished: unknown;
  try {
    wished = (JSON.parse(json) as Record<string, unknown> | null)?.scheduled_date;
  } catch {
    wished = undefined;
  }
  const match = typeof wished === "string" ? WISHED_TIME.exec(wished.trim()) : null;
  if (match) return formatDateAndSlot(match[1]!, match[2]);
  if (typeof wished === "string" && wished.trim()) return wished.trim();
  const fallback = fallbackDate ? WISHED_TIME.exec(fallbackDate) : null;
  return fallback ? formatDateAndSlot(fallback[1]!, fallback[2]) : null;
}
