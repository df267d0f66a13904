// How long a cleaner has left to answer an offer, in words that fit a phone's width. Pure and
// client-safe: the server renders it, and a small effect on the page recomputes it each minute.

/** "Answer within 3 h 20 min", "Answer within 45 min", or that the time is up. */
export function answerWithin(deadline: string, now: Date) {
  const minutes = Math.ceil((Date.parse(deadline) - now.getTime()) / 60_000);
  if (!(minutes > 0)) return "The time to answer has passed";
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `Answer within ${rest} min`;
  return rest === 0 ? `Answer within ${hours} h` : `Answer within ${hours} h ${rest} min`;
}
