import { z } from "zod";
import { jsonColumnOr } from "~/lib/json-column";

// How a job offer reads, in the emails and on the cleaner's page. Client-safe and pure.

const QuotedAddressSchema = z.object({ address: z.string().trim().min(1) });

/** The address the client gave with their quote (in its space_details), or null. */
export function quotedAddress(spaceDetails: string) {
  return jsonColumnOr(QuotedAddressSchema, spaceDetails, null)?.address ?? null;
}

/**
 * The suburb of a job and nothing more (the offer page shows no address before acceptance):
 * the booking's suburb, else the last part of the address the client gave, else "Sydney".
 */
export function offerSuburb(suburb: string | null, spaceDetails: string) {
  if (suburb && suburb.trim()) return suburb.trim();
  const address = quotedAddress(spaceDetails);
  if (address) {
    const parts = address.split(",").map((part) => part.trim());
    const last = parts[parts.length - 1];
    if (last && !/\d+\s+\w+\s+(st|street|rd|road|ave|avenue)\b/i.test(last)) return last;
  }
  return "Sydney";
}

/** "Mei" from "Mei Lin Chen": the client learns the cleaner's first name only. */
export function firstName(name: string) {
  return name.trim().split(/\s+/)[0] ?? name;
}
