import type { Kysely } from "kysely";
import { decodeCursor, encodeCursor } from "~/components/kit/keyset";
import { jsonColumnOr } from "~/lib/json-column";
import type { Database } from "~/server/database";
import {
  DIRECTORY_PAGE_SIZE,
  type CleanerCard,
  type DirectoryFilter,
  type DirectoryPage,
} from "./cleaner-directory";
import {
  anyCleanerExists,
  countOpenApplications,
  findDirectoryPage,
} from "./cleaner-directory.repository.server";
import { displayablePhotoUrl } from "./cleaner-photo";
import { initialsOf } from "./public-profile";
import { CleanerTextListSchema } from "./public-profile.repository.server";

type Row = Awaited<ReturnType<typeof findDirectoryPage>>[number];

/**
 * One page of the cleaner directory (docs/product/back-office.md#cleaner-directory): the cards
 * in the chosen order, the next page's cursor, whether there is anyone at all (to tell "No
 * cleaners found" from "...matching your criteria") and the count of applicants awaiting review
 * (a declined application no longer waits: docs/decisions/0056-application-outcomes-and-documents.md).
 */
export async function listCleaners(
  db: Kysely<Database>,
  filter: DirectoryFilter,
  pageSize = DIRECTORY_PAGE_SIZE,
): Promise<DirectoryPage> {
  const after = decodeCursor(filter.after) ?? undefined;
  const rows = await findDirectoryPage(db, {
    search: filter.q,
    status: filter.status,
    service: filter.service,
    application: filter.application,
    sort: filter.sort,
    direction: filter.dir,
    after,
    limit: pageSize + 1,
  });
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  const next =
    rows.length > pageSize && last
      ? encodeCursor({ value: String(sortValue(last, filter.sort)), id: last.id })
      : null;
  const [anyCleaners, pendingReview] = await Promise.all([
    page.length > 0 ? Promise.resolve(true) : anyCleanerExists(db),
    countOpenApplications(db),
  ]);
  return { cleaners: page.map(toCard), next, anyCleaners, pendingReview };
}

function sortValue(row: Row, sort: DirectoryFilter["sort"]) {
  if (sort === "name") return row.name;
  if (sort === "jobs") return Number(row.completed_jobs);
  return Number(row.rating);
}

function toCard(row: Row): CleanerCard {
  return {
    id: row.id,
    name: row.name,
    initials: initialsOf(row.name),
    photoUrl: displayablePhotoUrl(row.photo),
    location: row.location,
    rating: Math.round(Number(row.rating) * 10) / 10,
    status: row.status,
    declined: row.application_outcome === "declined",
    services: jsonColumnOr(CleanerTextListSchema, row.services, []),
    completedJobs: Number(row.completed_jobs),
    activeBookings: Number(row.active_bookings),
  };
}
