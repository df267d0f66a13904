import { z } from "zod";
import { labelKeys } from "~/lib/label-keys";
import type { CleanerStatus } from "~/server/database";

// docs/product/back-office.md#cleaner-directory and #business-constants-and-limits: the
// directory's filters, sorts and texts. Client-safe: the page and the server share them, and the
// filters live in the URL (?q=&status=&service=&sort=&dir=), so a view can be shared and the
// back button walks them.

export const CLEANER_STATUS_LABELS: Record<CleanerStatus, string> = {
  available: "Available",
  busy: "Busy",
  offline: "Offline",
  pending_review: "Pending review",
  suspended: "Suspended",
};

export const CLEANER_STATUSES = labelKeys(CLEANER_STATUS_LABELS);

/** The service filter's options (the spec's list; End of Lease is a specialty there). */
export const DIRECTORY_SERVICES = ["Residential", "Commercial", "House Keeping"] as const;

/**
 * The Applications view's outcome filter (docs/decisions/0056-application-outcomes-and-documents.md):
 * open applications awaiting review, or declined ones.
 */
export const APPLICATION_FILTER_LABELS = {
  open: "Awaiting review",
  declined: "Declined",
} as const;

export const APPLICATION_FILTERS = labelKeys(APPLICATION_FILTER_LABELS);

export const DIRECTORY_SORTS = ["rating", "name", "jobs"] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];

export const DIRECTORY_SORT_LABELS: Record<DirectorySort, string> = {
  rating: "Rating",
  name: "Name",
  jobs: "Jobs",
};

/** Cards per page: a bounded page, with a link to the next (keyset). */
export const DIRECTORY_PAGE_SIZE = 24;

export const DIRECTORY_TEXT = {
  noMatch: "No cleaners found matching your criteria",
  none: "No cleaners found",
  failed: "Failed to load cleaners. Please refresh the page, or try again in a minute.",
  applications: "Applications",
  allApplications: "All applications",
  all: "All cleaners",
} as const;

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values).optional().catch(undefined);

/** The directory's URL, read leniently: an unknown value is as if it were not there. */
export const DirectoryFilterSchema = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .catch(undefined)
    .transform((value) => value || undefined),
  status: optionalEnum(CLEANER_STATUSES),
  service: optionalEnum(DIRECTORY_SERVICES),
  application: optionalEnum(APPLICATION_FILTERS),
  sort: z.enum(DIRECTORY_SORTS).catch("rating").default("rating"),
  dir: z.enum(["asc", "desc"]).catch("desc").default("desc"),
  after: z.string().max(500).optional().catch(undefined),
});

export type DirectoryFilter = z.output<typeof DirectoryFilterSchema>;

export function readDirectoryFilter(params: URLSearchParams): DirectoryFilter {
  return DirectoryFilterSchema.parse(Object.fromEntries(params));
}

export function hasFilters(filter: DirectoryFilter) {
  return Boolean(filter.q || filter.status || filter.service || filter.application);
}

/** One card of the directory. */
export type CleanerCard = {
  id: string;
  name: string;
  initials: string;
  /** A URL the page may show (our own upload or an Unsplash link), else null for initials */
  photoUrl: string | null;
  location: string | null;
  rating: number;
  status: CleanerStatus;
  /** The application was declined (the status stays Pending review) */
  declined: boolean;
  services: string[];
  completedJobs: number;
  activeBookings: number;
};

export type DirectoryPage = {
  cleaners: CleanerCard[];
  /** The cursor of the next page, or null on the last */
  next: string | null;
  /** Whether any cleaner exists at all, to tell "none" from "none matching" */
  anyCleaners: boolean;
  /** Applicants waiting for review (not declined), for the Applications view's badge */
  pendingReview: number;
};
