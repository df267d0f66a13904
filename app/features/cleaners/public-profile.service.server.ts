import type { Kysely } from "kysely";
import { imageSet, type ImageSource } from "~/lib/images";
import { findApplicantPhoto } from "~/features/uploads/uploads.service.server";
import type { Database } from "~/server/database";
import {
  findCleanerRating,
  findPublicCleaner,
  listAvailableCleaners,
  listPublicCleanerIds,
} from "./public-profile.repository.server";
import {
  firstNameAndInitial,
  initialsOf,
  roundRating,
  type PublicCleanerProfile,
  type TeamMember,
} from "./public-profile";

type Row = NonNullable<Awaited<ReturnType<typeof findPublicCleaner>>>;

/** A working cleaner's public profile, or null for an unknown, pending or suspended one (docs/decisions/0012-real-customer-data.md). */
export async function getPublicCleanerProfile(
  db: Kysely<Database>,
  id: string,
): Promise<PublicCleanerProfile | null> {
  const row = await findPublicCleaner(db, id);
  if (!row) return null;
  const rating = await findCleanerRating(db, row.id);
  return {
    id: row.id,
    displayName: firstNameAndInitial(row.name),
    initials: initialsOf(row.name),
    photo: await photoOf(db, row),
    suburb: row.location,
    workingHours: row.working_hours,
    availability: row.availability,
    services: row.services,
    about: row.about,
    status: row.status as PublicCleanerProfile["status"],
    rating: { average: roundRating(rating.average), count: rating.count },
  };
}

/**
 * The cleaners the home page links to, so their profiles are reachable. Available only, public
 * fields only (docs/decisions/0012-real-customer-data.md), each linking to /provider/{id}.
 */
export async function listTeamMembers(db: Kysely<Database>, limit = 6): Promise<TeamMember[]> {
  const rows = await listAvailableCleaners(db, limit);
  const photos = await Promise.all(rows.map((row) => photoOf(db, row)));
  return rows.map((row, index) => {
    const photo = photos[index];
    const displayName = firstNameAndInitial(row.name);
    return {
      id: row.id,
      displayName,
      initials: initialsOf(row.name),
      photo: photo ? { ...imageSet(photo), alt: `Photo of ${displayName}` } : null,
      suburb: row.location,
      services: row.services.slice(0, 3),
    };
  });
}

/** Every public profile's address and last change, for the sitemap. */
export async function listPublicCleanerPages(db: Kysely<Database>) {
  const rows = await listPublicCleanerIds(db);
  return rows.map((row) => ({ path: `/provider/${row.id}`, updatedAt: row.updated_at }));
}

// The photo column holds an image key (with its variants in the images table), an Unsplash
// link, or an applicant's uploaded photo (shown: the real face, not a monogram); anything
// else (a host the CSP does not allow) shows the monogram instead.
async function photoOf(
  db: Kysely<Database>,
  row: Pick<Row, "photo" | "photo_width" | "photo_height" | "photo_widths">,
): Promise<ImageSource | null> {
  const photo = row.photo;
  if (!photo) return null;
  if (photo.startsWith("/api/uploads/")) {
    const file = await findApplicantPhoto(db, photo);
    return file ? { kind: "file", ...file } : null;
  }
  if (row.photo_width && row.photo_height && row.photo_widths) {
    const widths = row.photo_widths;
    return { kind: "upload", key: photo, width: row.photo_width, height: row.photo_height, widths };
  }
  if (photo.startsWith("https://images.unsplash.com/")) {
    return { kind: "unsplash", url: photo, width: 800, height: 800 };
  }
  return null;
}
