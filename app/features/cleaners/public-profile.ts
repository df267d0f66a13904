import type { ImageSource } from "~/lib/images";

/** What a visitor sees of a cleaner (docs/decisions/0012-real-customer-data.md, docs/decisions/0020-provider-book-now.md): first name and initial, no contact details. */
export type PublicCleanerProfile = {
  id: string;
  displayName: string;
  photo: ImageSource | null;
  /** Initials for the monogram shown when there is no photo */
  initials: string;
  suburb: string | null;
  workingHours: string | null;
  availability: string[];
  services: string[];
  about: string | null;
  status: "available" | "busy" | "offline";
  /** From the cleaner's verified reviews; null average when there are none */
  rating: { average: number | null; count: number };
};

export type { TeamMember } from "~/components/site/home/home-content";

/** "Sofia Martinez" -> "Sofia M."; a single name stays as it is. */
export function firstNameAndInitial(name: string) {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0] ?? "";
  const last = parts.length > 1 ? parts[parts.length - 1]! : "";
  return last ? `${first} ${last[0]!.toUpperCase()}.` : first;
}

export function initialsOf(name: string) {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? "";
  const last = parts.length > 1 ? (parts[parts.length - 1]![0] ?? "") : "";
  return `${first}${last}`.toUpperCase();
}

/** Rounded to one decimal, as a rating is shown: 4.8. */
export function roundRating(average: number | null) {
  return average === null ? null : Math.round(average * 10) / 10;
}
