// A booking keeps its street with the suburb as the visitor chose it ("1 Military Road, Mosman NSW
// 2088") and the suburb and postcode again in columns of their own (for the schedule and search).
// Shown on one line, each part appears once.

type AddressParts = { address: string; suburb: string | null; postcode: string | null };

/** "1 Military Road, Mosman NSW 2088": the suburb and postcode added only where missing. */
export function bookingAddressLine({ address, suburb, postcode }: AddressParts) {
  const street = address.trim();
  const shown = street.toLowerCase();
  const missing = [suburb, postcode].filter(
    (part): part is string => Boolean(part?.trim()) && !shown.includes(part!.trim().toLowerCase()),
  );
  return missing.length > 0 ? [street, missing.join(" ")].filter(Boolean).join(", ") : street;
}
