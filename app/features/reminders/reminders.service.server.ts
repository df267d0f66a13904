import type { Kysely } from "kysely";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { getReminderHours } from "~/features/settings/reminder-settings.service.server";
import { notifyCustomer } from "~/features/sms/sms.service.server";
import type { AppConfig } from "~/server/config.server";
import type { Database } from "~/server/database";
import { sydneyDate, sydneyInstant } from "~/lib/sydney-time";
import { reminderMessage } from "./reminder-message";
import {
  claimReminder,
  findBookingsWithoutReminder,
  findConfirmedBooking,
  findCrewFirstNames,
  markReminderTexted,
  type BookingToRemind,
} from "./reminders.repository.server";

// docs/decisions/0075-reminders-once-per-booked-time.md: each confirmed clean gets one reminder
// when it is due (48 hours before by default), keyed by the booking and its booked time. The
// claim (a unique row) and the email commit together, so a crash before the commit sends nothing
// and leaves the reminder to the next sweep, and one after it is never sent again. A cancelled
// booking is never reminded; a moved one is due again for its new time.

const PAGE = 100;

export type ReminderContext = { config: Pick<AppConfig, "publicUrl" | "twilio">; now?: Date };

/** Sends every reminder due now; answers how many were sent. */
export async function sendDueReminders(db: Kysely<Database>, ctx: ReminderContext) {
  const now = ctx.now ?? new Date();
  const hours = await getReminderHours(db);
  const horizon = now.getTime() + hours * 60 * 60 * 1000;
  let sent = 0;
  let afterId = "";
  for (;;) {
    const page = await findBookingsWithoutReminder(db, {
      fromDate: sydneyDate(now),
      toDate: sydneyDate(new Date(horizon)),
      afterId,
      limit: PAGE,
    });
    for (const booking of page) {
      const starts = sydneyInstant(booking.scheduledDate, booking.timeSlot).getTime();
      if (starts <= now.getTime() || starts > horizon) continue;
      if (await sendReminder(db, booking, ctx, now)) sent += 1;
    }
    if (page.length < PAGE) return sent;
    afterId = page.at(-1)!.id;
  }
}

/** One reminder in one transaction; false when the booking changed or another sweep sent it. */
async function sendReminder(
  db: Kysely<Database>,
  seen: BookingToRemind,
  ctx: ReminderContext,
  now: Date,
) {
  const business = await getBusinessProfile(db);
  return db.transaction().execute(async (trx) => {
    // Read again: a cancellation or a move since the page was read wins.
    const booking = await findConfirmedBooking(trx, seen.id);
    if (
      !booking ||
      booking.scheduledDate !== seen.scheduledDate ||
      booking.timeSlot !== seen.timeSlot
    ) {
      return false;
    }
    if (!(await claimReminder(trx, booking, now.toISOString()))) return false;
    const crew = await findCrewFirstNames(trx, booking.id);
    const message = reminderMessage(booking, crew, business, ctx.config.publicUrl, now);
    const sent = await notifyCustomer(
      trx,
      {
        topic: "booking.reminder",
        subjectType: "booking",
        subjectId: booking.id,
        email: {
          to: booking.clientEmail,
          replyTo: business.email,
          subject: message.subject,
          html: message.email.html,
          text: message.email.text,
        },
        sms: { phone: booking.clientPhone, body: message.sms },
      },
      ctx.config,
    );
    if (sent.sms) await markReminderTexted(trx, booking);
    return true;
  });
}
