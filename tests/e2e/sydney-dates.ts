// Dates the journeys book on, in Sydney time, whatever day the suite runs. The business is open
// Monday to Friday 7 AM to 6 PM, Saturday until 4 PM and closed on Sundays
// (docs/decisions/0040-business-hours-bound-bookings.md), so a journey that books a given slot
// books it on a weekday.

/** Sydney's date `days` after today, YYYY-MM-DD. */
export function sydneyDatePlus(days: number) {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney" }).format(
    new Date(),
  );
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The first Monday-to-Friday date `days` or more after Sydney's today. */
export function sydneyWeekdayPlus(days: number) {
  let date = sydneyDatePlus(days);
  while ([0, 6].includes(weekdayOf(date))) date = sydneyDatePlus(++days);
  return date;
}

/** The first Sunday `days` or more after Sydney's today. */
export function sydneySundayPlus(days: number) {
  let date = sydneyDatePlus(days);
  while (weekdayOf(date) !== 0) date = sydneyDatePlus(++days);
  return date;
}
