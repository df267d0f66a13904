import { formatTimeSlot } from "~/lib/format";
import { sydneyClock } from "~/lib/sydney-time";

// What a seat's visit looks like to the cleaner, the office and the customer
// (docs/decisions/0068-job-visits.md). Client-safe and pure.

export const PROBLEM_KINDS = ["key", "damage", "not_home", "other"] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];

export const PROBLEM_LABELS: Record<ProblemKind, string> = {
  key: "Key not found",
  damage: "Damage",
  not_home: "Client not home",
  other: "Other",
};

/** The audit actions of a visit, on the lead's timeline (subject: the quote). */
export const JOB_ON_MY_WAY = "job.on_my_way";
export const JOB_CHECKED_IN = "job.checked_in";
export const JOB_CHECKED_OUT = "job.checked_out";
export const JOB_PROBLEM_REPORTED = "job.problem_reported";
/** docs/decisions/0087-job-photos-and-on-my-way-texts.md */
export const JOB_PHOTO_ADDED = "job.photo_added";
export const JOB_PHOTO_DELETED = "job.photo_deleted";
/** Each view of a client's contact details or exact address (subject: the booking). */
export const JOB_CONTACT_VIEWED = "job.contact_viewed";

export type SeatStatus = "offered" | "accepted" | "on_the_way" | "in_progress" | "done" | "problem";

export const SEAT_STATUS_LABELS: Record<SeatStatus, string> = {
  offered: "Offered",
  accepted: "Accepted",
  on_the_way: "On the way",
  in_progress: "In progress",
  done: "Done",
  problem: "Problem reported",
};

/** A seat's live status: a problem reported and not yet checked out outranks the rest. */
export function seatStatus(seat: {
  status: string;
  on_my_way_at: string | null;
  checked_in_at: string | null;
  checked_out_at: string | null;
  problems: number;
}): SeatStatus {
  if (seat.status === "pending") return "offered";
  if (seat.checked_out_at) return "done";
  if (seat.problems > 0) return "problem";
  if (seat.checked_in_at) return "in_progress";
  if (seat.on_my_way_at) return "on_the_way";
  return "accepted";
}

/** The client's phone and the exact address show from 24 hours before the job until 24 hours after. */
export const CONTACT_WINDOW_MS = 24 * 60 * 60 * 1000;

export function contactWindowOpen(start: Date, end: Date, now: Date) {
  return (
    now.getTime() >= start.getTime() - CONTACT_WINDOW_MS &&
    now.getTime() <= end.getTime() + CONTACT_WINDOW_MS
  );
}

/**
 * A booking's coordinates are its suburb's centre, not the door's, so "near" is generous:
 * within 2 km of the centre, plus the phone's own uncertainty (capped, so a fix 5 km wide does
 * not count as near everything).
 */
export const NEAR_ADDRESS_KM = 2;
const MAX_ACCURACY_KM = 1;

export type CheckInPlace = "near" | "far" | "no_location" | "unknown_address";

export function checkInPlace(
  fix: { lat: number | null; lng: number | null; accuracyM: number | null },
  address: { lat: number | null; lng: number | null },
  distanceKm: (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => number,
): CheckInPlace {
  if (fix.lat === null || fix.lng === null) return "no_location";
  if (address.lat === null || address.lng === null) return "unknown_address";
  const slack = Math.min((fix.accuracyM ?? 0) / 1000, MAX_ACCURACY_KM);
  const km = distanceKm({ lat: fix.lat, lng: fix.lng }, { lat: address.lat, lng: address.lng });
  return km <= NEAR_ADDRESS_KM + slack ? "near" : "far";
}

export const CHECK_IN_PLACE_LABELS: Record<CheckInPlace, string> = {
  near: "Checked in near the address",
  far: "Checked in away from the address",
  no_location: "No location",
  unknown_address: "Location kept; the address has no map position",
};

/** Whole minutes between a check-in and a check-out (never negative). */
export function minutesBetween(from: string, to: string) {
  return Math.max(0, Math.round((new Date(to).getTime() - new Date(from).getTime()) / 60_000));
}

/** "4 h 5 min", "45 min", "3 h" */
export function formatMinutes(minutes: number) {
  const whole = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (whole === 0) return `${rest} min`;
  return rest === 0 ? `${whole} h` : `${whole} h ${rest} min`;
}

/** "https://maps.google.com/?q=…": opens the phone's maps app; no script or map is embedded. */
export function mapsLink(address: string) {
  return `https://maps.google.com/?q=${encodeURIComponent(address)}`;
}

export type ChecklistLine = {
  id: string;
  label: string;
  fromNotes: boolean;
  /** "Ticked by Mei at 10:42 AM" */
  tickedBy: string | null;
  skipReason: string | null;
};

export type CrewSeat = {
  seat: number;
  firstName: string;
  status: SeatStatus;
  statusLabel: string;
  mine: boolean;
};

/** A before or after photo of a job, as a screen links it (its URL checks who asks). */
export type JobPhotoLine = { id: string; url: string; stage: "before" | "after"; label: string };

/** The URL that serves a job photo to who may see it, and 404 to anyone else. */
export function jobPhotoUrl(photoId: string) {
  return `/job-photos/${photoId}`;
}

/** "Before photo 2": photos have no captions, so each is named by its stage and order. */
export function jobPhotoLines(
  rows: readonly { id: string; stage: "before" | "after" }[],
): JobPhotoLine[] {
  const counts = { before: 0, after: 0 };
  return rows.map((row) => {
    counts[row.stage] += 1;
    const stage = row.stage === "before" ? "Before" : "After";
    return {
      id: row.id,
      url: jobPhotoUrl(row.id),
      stage: row.stage,
      label: `${stage} photo ${counts[row.stage]}`,
    };
  });
}

/** What the cleaner's job page shows of their own accepted seat. */
export type JobVisitView = {
  assignmentId: string;
  reference: string;
  day: string;
  time: string;
  suburb: string;
  /** Only inside the contact window; null outside it */
  contact: {
    address: string;
    mapsUrl: string;
    clientFirstName: string;
    phone: string | null;
  } | null;
  notes: string | null;
  level: string | null;
  crew: CrewSeat[];
  checklist: ChecklistLine[];
  problems: { kind: string; details: string | null; at: string; by: string }[];
  seat: {
    status: SeatStatus;
    onMyWayAt: string | null;
    checkedInAt: string | null;
    checkedOutAt: string | null;
  };
  jobCompleted: boolean;
  /** The seat's own photos; a crew mate's are theirs to see */
  photos: JobPhotoLine[];
};

/** What a step's post answers the job page: its message, and the messages by field. */
export type VisitAnswer = {
  ok: boolean;
  intent: string;
  message: string;
  fieldErrors?: Record<string, string>;
};

/** What the office sees of a job's visit on the lead details. */
export type OfficeVisit = {
  /** "4 h 5 min" once the crew has checked out; null before */
  actualHours: string | null;
  seats: {
    seat: number;
    cleaner: string;
    status: SeatStatus;
    statusLabel: string;
    onMyWay: string | null;
    checkedIn: string | null;
    checkedOut: string | null;
    /** "Checked in near the address", "No location"…; null before check-in */
    place: string | null;
    /** "2 h" between check-in and check-out */
    onSite: string | null;
    photos: JobPhotoLine[];
  }[];
  checklist: ChecklistLine[];
  problems: { kind: string; details: string | null; at: string; by: string }[];
};

/** "9:42 AM" in Sydney, for a stored instant. */
export function visitClock(iso: string) {
  return formatTimeSlot(sydneyClock(new Date(iso)));
}

type SeatRow = Parameters<typeof seatStatus>[0];

/** A seat's status, its label and its times in one line, for the schedule and the board. */
export function seatVisitOf(row: SeatRow) {
  const status = seatStatus(row);
  const times = [
    row.checked_in_at && `In ${visitClock(row.checked_in_at)}`,
    row.checked_out_at && `Out ${visitClock(row.checked_out_at)}`,
  ]
    .filter(Boolean)
    .join(" · ");
  return { status, label: SEAT_STATUS_LABELS[status], times };
}

/** What the customer sees of their clean: who is on the way or cleaning, and the proof after. */
export type CustomerVisit = {
  /** "Mei is on the way", "Your clean is in progress"; null before anyone sets off and after */
  live: string | null;
  /** The completed checklist, when the job is done and the business shows proof of clean */
  proof: { label: string; done: boolean; reason: string | null }[] | null;
  /** The after photos of a completed job, shown with the proof of clean */
  afterPhotos: JobPhotoLine[];
};
