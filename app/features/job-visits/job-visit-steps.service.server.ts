import type { Kysely } from "kysely";
import { firstName } from "~/features/assignments/offer-format";
import { leadDetailsUrl, notifyStaffByEmail } from "~/features/notifications/staff-email.server";
import { renderEmail } from "~/features/outbox/email/render-email";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { notifyCustomer } from "~/features/sms/sms.service.server";
import { formatTimeSlot } from "~/lib/format";
import { parseValues } from "~/lib/forms";
import { newId } from "~/lib/ids";
import { failure, type Result } from "~/lib/result";
import { addMinutes, sydneyClock } from "~/lib/sydney-time";
import type { AppConfig } from "~/server/config.server";
import type { Database } from "~/server/database";
import { auditByCleaner } from "./job-visit-audit.server";
import { JOB_VISIT_TEXT, onMyWayMessage, problemEmail } from "./job-visits-copy";
import {
  CheckInSchema,
  OnMyWaySchema,
  ProblemSchema,
  SkipReasonSchema,
  skipReasonField,
  TickSchema,
} from "./job-visits.schema";
import {
  claimCrewSetOff,
  lockSeatBooking,
  findChecklist,
  findOwnSeat,
  findSeatsOfBookings,
  insertProblem,
  recordSeatStep,
  saveActualMinutes,
  setItemTicked,
  setSkipReason,
} from "./job-visits.repository.server";
import {
  JOB_CHECKED_IN,
  JOB_CHECKED_OUT,
  JOB_ON_MY_WAY,
  JOB_PROBLEM_REPORTED,
  minutesBetween,
  PROBLEM_LABELS,
} from "./job-visits";

// The steps of a visit, each by the seat's own cleaner (docs/decisions/0068-job-visits.md):
// on my way, check in, the checklist, a problem, check out; the last check-out of the crew
// completes the job through Complete job's own service.

type Ctx = {
  publicUrl: string;
  ip: string | null;
  now?: Date;
  /** Twilio's settings, when texts can go out (docs/decisions/0076-sms-beside-email.md) */
  twilio?: AppConfig["twilio"];
};
type Step = Result<{ message: string }>;

const NOT_FOUND = failure("not_found", JOB_VISIT_TEXT.notFound);

/** The seat, if it is the cleaner's own and its job is still on. */
async function ownLiveSeat(db: Kysely<Database>, cleanerId: string, assignmentId: string) {
  const seat = await findOwnSeat(db, cleanerId, assignmentId);
  if (!seat) return { seat: null, refusal: NOT_FOUND };
  if (seat.booking_status !== "confirmed") {
    return { seat: null, refusal: failure("conflict", JOB_VISIT_TEXT.notConfirmed) };
  }
  return { seat, refusal: null };
}

/** "On my way": once per seat; the customer is emailed the cleaner's first name and arrival time. */
export async function markOnMyWay(
  db: Kysely<Database>,
  cleanerId: string,
  assignmentId: string,
  raw: unknown,
  ctx: Ctx,
): Promise<Step> {
  const parsed = parseValues(raw, OnMyWaySchema);
  if (!parsed.ok) return failure("malformed", "Please check the form.", parsed.fieldErrors);
  const now = ctx.now ?? new Date();
  const { seat, refusal } = await ownLiveSeat(db, cleanerId, assignmentId);
  if (!seat) return refusal;
  return db.transaction().execute(async (trx) => {
    const at = now.toISOString();
    // The booking's row, then the seat's: the order a cancellation and check-out take them in.
    if ((await lockSeatBooking(trx, seat.booking_id)) !== "confirmed") {
      return failure("conflict", JOB_VISIT_TEXT.notConfirmed);
    }
    if (!(await recordSeatStep(trx, { assignmentId, step: "on_my_way_at", at }))) {
      return failure("conflict", JOB_VISIT_TEXT.onMyWayTwice);
    }
    const firstOfCrew = await claimCrewSetOff(trx, seat.booking_id, at);
    const arrival = formatTimeSlot(sydneyClock(addMinutes(now, parsed.value.etaMinutes)));
    await tellCustomerOnTheWay(trx, seat, { arrival, firstOfCrew }, ctx.twilio ?? null);
    await auditByCleaner(trx, {
      cleanerId,
      action: JOB_ON_MY_WAY,
      subjectType: "quote",
      subjectId: seat.quote_id,
      at,
      details: { seat: seat.seat, etaMinutes: parsed.value.etaMinutes },
      ip: ctx.ip,
    });
    return { ok: true as const, message: JOB_VISIT_TEXT.onMyWayDone };
  });
}

/**
 * Emails the customer that this seat's cleaner set off, and texts them too (when they opted in
 * and texts are on) for the crew's first seat only: a crew of three is one knock at the door,
 * not three texts (docs/decisions/0087-job-photos-and-on-my-way-texts.md). The first seat is
 * the one whose claim on the booking succeeded, in the same transaction, so two seats setting
 * off at the same instant cannot both be first.
 */
async function tellCustomerOnTheWay(
  trx: Kysely<Database>,
  seat: NonNullable<Awaited<ReturnType<typeof findOwnSeat>>>,
  setOff: { arrival: string; firstOfCrew: boolean },
  twilio: AppConfig["twilio"],
) {
  const profile = await getBusinessProfile(trx);
  const message = onMyWayMessage({
    cleaner: firstName(seat.cleaner_name),
    arrival: setOff.arrival,
    business: profile.name,
  });
  const rendered = renderEmail({ heading: message.heading, paragraphs: [message.text] }, profile);
  await notifyCustomer(
    trx,
    {
      topic: JOB_ON_MY_WAY,
      subjectType: "booking",
      subjectId: seat.booking_id,
      email: {
        to: seat.client_email,
        replyTo: profile.email,
        subject: message.subject,
        html: rendered.html,
        text: rendered.text,
      },
      sms: { phone: setOff.firstOfCrew ? seat.client_phone : null, body: message.text },
    },
    { twilio },
  );
}

/** Check in, with the phone's location only when it was granted (blank fields otherwise). */
export async function checkIn(
  db: Kysely<Database>,
  cleanerId: string,
  assignmentId: string,
  raw: unknown,
  ctx: Ctx,
): Promise<Step> {
  const parsed = parseValues(raw, CheckInSchema);
  if (!parsed.ok) return failure("malformed", "Please check the form.", parsed.fieldErrors);
  const at = (ctx.now ?? new Date()).toISOString();
  const { seat, refusal } = await ownLiveSeat(db, cleanerId, assignmentId);
  if (!seat) return refusal;
  return db.transaction().execute(async (trx) => {
    const fix = parsed.value;
    const recorded = await recordSeatStep(trx, {
      assignmentId,
      step: "checked_in_at",
      at,
      fix: { lat: fix.lat, lng: fix.lng, accuracy: fix.lat === null ? null : fix.accuracy },
    });
    if (!recorded) return failure("conflict", JOB_VISIT_TEXT.checkedInTwice);
    await auditByCleaner(trx, {
      cleanerId,
      action: JOB_CHECKED_IN,
      subjectType: "quote",
      subjectId: seat.quote_id,
      at,
      details: { seat: seat.seat, located: fix.lat !== null },
      ip: ctx.ip,
    });
    return { ok: true as const, message: JOB_VISIT_TEXT.checkedIn };
  });
}

/** Ticks or unticks one item of the job's list, while this seat is on site. */
export async function tickChecklistItem(
  db: Kysely<Database>,
  cleanerId: string,
  assignmentId: string,
  raw: unknown,
  ctx: Ctx,
): Promise<Step> {
  const parsed = parseValues(raw, TickSchema);
  if (!parsed.ok) return failure("malformed", "Please check the form.", parsed.fieldErrors);
  const { seat, refusal } = await ownLiveSeat(db, cleanerId, assignmentId);
  if (!seat) return refusal;
  if (!seat.checked_in_at || seat.checked_out_at) {
    return failure("conflict", JOB_VISIT_TEXT.notOnSite);
  }
  const done = await setItemTicked(db, {
    bookingId: seat.booking_id,
    itemId: parsed.value.itemId,
    cleanerId,
    done: parsed.value.done,
    at: (ctx.now ?? new Date()).toISOString(),
  });
  return done
    ? { ok: true, message: JOB_VISIT_TEXT.ticked }
    : failure("not_found", JOB_VISIT_TEXT.unknownItem);
}

/** A problem reaches the office at once: on the lead's timeline and by a staff email. */
export async function reportProblem(
  db: Kysely<Database>,
  cleanerId: string,
  assignmentId: string,
  raw: unknown,
  ctx: Ctx,
): Promise<Step> {
  const parsed = parseValues(raw, ProblemSchema);
  if (!parsed.ok) return failure("malformed", "Please check the form.", parsed.fieldErrors);
  const { seat, refusal } = await ownLiveSeat(db, cleanerId, assignmentId);
  if (!seat) return refusal;
  const at = (ctx.now ?? new Date()).toISOString();
  const { kind, details } = parsed.value;
  return db.transaction().execute(async (trx) => {
    await insertProblem(trx, {
      id: newId(),
      booking_id: seat.booking_id,
      assignment_id: seat.id,
      kind,
      details,
      created_at: at,
    });
    await auditByCleaner(trx, {
      cleanerId,
      action: JOB_PROBLEM_REPORTED,
      subjectType: "quote",
      subjectId: seat.quote_id,
      at,
      details: { seat: seat.seat, kind, details },
      ip: ctx.ip,
    });
    const cleaner = firstName(seat.cleaner_name);
    const words = problemEmail({
      kind: PROBLEM_LABELS[kind],
      cleaner,
      suburb: seat.suburb ?? "",
    });
    await notifyStaffByEmail(trx, {
      topic: JOB_PROBLEM_REPORTED,
      subjectType: "quote",
      subjectId: seat.quote_id,
      subject: words.subject,
      heading: words.heading,
      paragraphs: [
        `${PROBLEM_LABELS[kind]} at job ${seat.booking_reference}.`,
        ...(details ? [details] : []),
      ],
      leadUrl: leadDetailsUrl(ctx.publicUrl, seat.quote_id),
    });
    return { ok: true as const, message: JOB_VISIT_TEXT.problemSent };
  });
}

/**
 * Check out: every item still unticked, and without a crew mate's reason, needs a short reason.
 * When this was the crew's last seat, the job's actual minutes are stored and `crewDone` names
 * the quote, for the caller to complete through Complete job's own service (the leads feature
 * reads visits, so this feature does not call it back).
 */
export async function checkOut(
  db: Kysely<Database>,
  cleanerId: string,
  assignmentId: string,
  form: Record<string, unknown>,
  ctx: Ctx,
): Promise<Result<{ message: string; crewDone: { quoteId: string; message: string } | null }>> {
  const now = ctx.now ?? new Date();
  const at = now.toISOString();
  const { seat, refusal } = await ownLiveSeat(db, cleanerId, assignmentId);
  if (!seat) return refusal;
  if (!seat.checked_in_at) return failure("conflict", JOB_VISIT_TEXT.notCheckedIn);
  // An item a crew mate already gave a reason for needs none again.
  const unticked = (await findChecklist(db, seat.booking_id)).filter(
    (item) => !item.ticked_at && !item.skip_reason,
  );
  const reasons = new Map<string, string>();
  const fieldErrors: Record<string, string> = {};
  for (const item of unticked) {
    const field = skipReasonField(item.id);
    const reason = SkipReasonSchema.safeParse(form[field] ?? "");
    if (reason.success) reasons.set(item.id, reason.data);
    else fieldErrors[field] = reason.error.issues[0]?.message ?? JOB_VISIT_TEXT.reasonsNeeded;
  }
  if (Object.keys(fieldErrors).length > 0) {
    return failure("malformed", JOB_VISIT_TEXT.reasonsNeeded, fieldErrors);
  }
  const outcome = await db.transaction().execute(async (trx) => {
    // The booking's row, then the seat's: the order a cancellation takes them in.
    const status = await lockSeatBooking(trx, seat.booking_id);
    if (status !== "confirmed" && status !== "completed") return "off" as const;
    if (!(await recordSeatStep(trx, { assignmentId, step: "checked_out_at", at }))) {
      return "twice" as const;
    }
    for (const [itemId, reason] of reasons) {
      await setSkipReason(trx, { bookingId: seat.booking_id, itemId, reason });
    }
    await auditByCleaner(trx, {
      cleanerId,
      action: JOB_CHECKED_OUT,
      subjectType: "quote",
      subjectId: seat.quote_id,
      at,
      details: { seat: seat.seat, minutes: minutesBetween(seat.checked_in_at!, at) },
      ip: ctx.ip,
    });
    const seats = (await findSeatsOfBookings(trx, [seat.booking_id])).filter(
      (row) => row.status === "accepted",
    );
    const everyoneOut =
      seats.length >= Number(seat.crew_size) && seats.every((row) => row.checked_out_at);
    if (!everyoneOut) return "seat" as const;
    const minutes = seats.reduce(
      (sum, row) =>
        sum + minutesBetween(row.checked_in_at ?? row.checked_out_at!, row.checked_out_at!),
      0,
    );
    await saveActualMinutes(trx, seat.booking_id, minutes);
    return "crew" as const;
  });
  if (outcome === "off") return failure("conflict", JOB_VISIT_TEXT.notConfirmed);
  if (outcome === "twice") return failure("conflict", JOB_VISIT_TEXT.checkedOutTwice);
  return {
    ok: true,
    message: JOB_VISIT_TEXT.checkedOut,
    crewDone:
      outcome === "crew" ? { quoteId: seat.quote_id, message: JOB_VISIT_TEXT.jobCompleted } : null,
  };
}
