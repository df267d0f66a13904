import { z } from "zod";
import {
  isPlainMultiLine,
  isSingleLine,
  CONTROL_CHARACTER_MESSAGE,
  MULTI_LINE_CONTROL_MESSAGE,
} from "~/lib/field-rules";
import { PROBLEM_KINDS } from "./job-visits";

// The forms of a job visit (docs/decisions/0068-job-visits.md), read by the browser for its
// messages and parsed again by the server. Ids are checked against the session, never trusted.

export const ETA_CHOICES = [10, 15, 20, 30, 45, 60, 90] as const;

export const OnMyWaySchema = z.object({
  etaMinutes: z
    .string("Choose about how long until you arrive.")
    .refine(
      (value) => (ETA_CHOICES as readonly number[]).includes(Number(value)),
      "Choose about how long until you arrive.",
    )
    .transform(Number),
});

const LOCATION_MESSAGE = "The phone's location could not be read. Check in without it.";
/** A coordinate from the browser's geolocation, posted as text; blank means "not granted". */
const coordinate = (limit: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? Number(value) : null))
    .refine(
      (value) => value === null || (Number.isFinite(value) && Math.abs(value) <= limit),
      LOCATION_MESSAGE,
    );

/** Check-in posts without JavaScript; the page's script adds the location when the phone grants it. */
export const CheckInSchema = z
  .object({
    lat: coordinate(90),
    lng: coordinate(180),
    accuracy: coordinate(100_000),
  })
  .refine((fix) => (fix.lat === null) === (fix.lng === null), {
    message: LOCATION_MESSAGE,
    path: ["lat"],
  });

export const TickSchema = z.object({
  itemId: z.string().trim().min(1).max(100),
  done: z.enum(["1", "0"]).transform((value) => value === "1"),
});

export const PROBLEM_DETAILS_MAX = 1000;

export const ProblemSchema = z
  .object({
    kind: z.enum(PROBLEM_KINDS, "Choose what the problem is."),
    details: z
      .string()
      .trim()
      .max(PROBLEM_DETAILS_MAX, `Please keep it under ${PROBLEM_DETAILS_MAX} characters.`)
      .refine(isPlainMultiLine, MULTI_LINE_CONTROL_MESSAGE)
      .optional()
      .transform((value) => value || null),
  })
  .refine((problem) => problem.kind !== "other" || problem.details, {
    message: "Tell the office what happened.",
    path: ["details"],
  });

export const SKIP_REASON_MAX = 200;
/** The field of an unticked item's reason at check-out. */
export const skipReasonField = (itemId: string) => `skip-${itemId}`;

export const SkipReasonSchema = z
  .string()
  .trim()
  .min(1, "Say briefly why this was not done.")
  .max(SKIP_REASON_MAX, `Please keep it under ${SKIP_REASON_MAX} characters.`)
  .refine(isSingleLine, CONTROL_CHARACTER_MESSAGE);

/** A before or after photo of the job; the file itself is read from the multipart form. */
export const JobPhotoSchema = z.object({
  stage: z.enum(["before", "after"], "Choose whether this is a before or an after photo."),
});

export const JobPhotoDeleteSchema = z.object({
  photoId: z.string().trim().min(1).max(100),
});
