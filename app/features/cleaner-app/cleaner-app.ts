// What the cleaner's app shows (docs/decisions/0063-cleaner-app-sign-in.md). Client-safe.

/** An accepted job: where by suburb only, when, how long on site, and who else is on it. */
export type CleanerJob = {
  id: string;
  /** "Today", "Tomorrow" or the long date */
  day: string;
  time: string;
  onSite: string;
  suburb: string;
  /** Crew mates' first names; empty when the cleaner works alone */
  crew: string[];
  status: string;
};

/** An open offer: no client details until accepted, and how long is left to answer. */
export type CleanerOffer = {
  id: string;
  day: string;
  time: string;
  onSite: string;
  suburb: string;
  pay: string;
  /** ISO instant; the page counts down to it */
  deadline: string;
  /** The server's words for the time left, right for a page rendered without JavaScript */
  answerWithin: string;
};

export type CleanerHome = {
  firstName: string;
  jobs: CleanerJob[];
  offers: CleanerOffer[];
  /** When the server read this, ISO: the offline banner says how old a kept copy is */
  loadedAt: string;
};
