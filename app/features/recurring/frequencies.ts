// How often a clean repeats (docs/decisions/0073-series-occurrences-are-bookings.md): pure and
// free of the rule library, so the booking form's choice adds nothing to the browser's bundle.

export const FREQUENCIES = ["one_off", "weekly", "fortnightly", "every_4_weeks"] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export type RepeatingFrequency = Exclude<Frequency, "one_off">;

/** Words for a frequency, as the booking form and My Bookings offer it. */
export const FREQUENCY_LABELS: Record<Frequency, string> = {
  one_off: "One-off",
  weekly: "Weekly",
  fortnightly: "Fortnightly",
  every_4_weeks: "Every 4 weeks",
};

export function isRepeatingFrequency(value: unknown): value is RepeatingFrequency {
  return value === "weekly" || value === "fortnightly" || value === "every_4_weeks";
}
