// NSW public holidays, the one dated list pay loadings read (docs/decisions/0080-pay-rules.md).
// Source: NSW Government, "Public holidays in NSW" (nsw.gov.au, as published by NSW Industrial
// Relations under the Public Holidays Act 2010 (NSW)). Bank Holiday (first Monday of August) is
// left out: it is a holiday for banks only. Add the next year's dates when NSW publishes them;
// a date past the list is paid as an ordinary day.

export const NSW_PUBLIC_HOLIDAYS: Readonly<Record<string, string>> = {
  "2025-01-01": "New Year's Day",
  "2025-01-27": "Australia Day (observed)",
  "2025-04-18": "Good Friday",
  "2025-04-19": "Easter Saturday",
  "2025-04-20": "Easter Sunday",
  "2025-04-21": "Easter Monday",
  "2025-04-25": "Anzac Day",
  "2025-06-09": "King's Birthday",
  "2025-10-06": "Labour Day",
  "2025-12-25": "Christmas Day",
  "2025-12-26": "Boxing Day",
  "2026-01-01": "New Year's Day",
  "2026-01-26": "Australia Day",
  "2026-04-03": "Good Friday",
  "2026-04-04": "Easter Saturday",
  "2026-04-05": "Easter Sunday",
  "2026-04-06": "Easter Monday",
  "2026-04-25": "Anzac Day",
  "2026-06-08": "King's Birthday",
  "2026-10-05": "Labour Day",
  "2026-12-25": "Christmas Day",
  "2026-12-26": "Boxing Day",
  "2026-12-28": "Additional day (Boxing Day)",
  "2027-01-01": "New Year's Day",
  "2027-01-26": "Australia Day",
  "2027-03-26": "Good Friday",
  "2027-03-27": "Easter Saturday",
  "2027-03-28": "Easter Sunday",
  "2027-03-29": "Easter Monday",
  "2027-04-25": "Anzac Day",
  "2027-06-14": "King's Birthday",
  "2027-10-04": "Labour Day",
  "2027-12-25": "Christmas Day",
  "2027-12-26": "Boxing Day",
  "2027-12-27": "Additional day (Christmas Day)",
  "2027-12-28": "Additional day (Boxing Day)",
};

/** The holiday's name on a Sydney date (YYYY-MM-DD), or null on an ordinary day. */
export function nswPublicHoliday(date: string): string | null {
  return NSW_PUBLIC_HOLIDAYS[date] ?? null;
}
