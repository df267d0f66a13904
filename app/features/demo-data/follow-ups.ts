import type {
  NewBooking,
  NewBookingReminder,
  NewQuote,
  QuoteFollowUpsTable,
  SmsPreferencesTable,
} from "~/server/database";
import { sydneyInstant } from "~/lib/sydney-time";
import type { Random } from "./random";

// The demo's reminders, texts and quote follow-ups (docs/decisions/0075-reminders-once-per-booked-time.md,
// docs/decisions/0076-sms-beside-email.md, docs/decisions/0077-quote-follow-ups.md): cleans
// in the next two days already reminded, open quotes followed up once or twice, some followed-up
// quotes then booked (the dashboard's conversion), and a share of customers taking texts.

const DAY_MS = 86_400_000;
const REMINDER_MS = 2 * DAY_MS;
const FOLLOW_UP_MS = 2 * DAY_MS;

/** Reminders of the confirmed cleans starting within the next 48 hours. */
export function demoReminders(bookings: NewBooking[], now: Date): NewBookingReminder[] {
  return bookings
    .filter((booking) => booking.status === "confirmed")
    .flatMap((booking) => {
      const starts = sydneyInstant(booking.scheduled_date, booking.time_slot).getTime();
      if (starts <= now.getTime() || starts - now.getTime() > REMINDER_MS) return [];
      return [
        {
          id: `demo-reminder-${booking.id}`,
          booking_id: booking.id,
          scheduled_date: booking.scheduled_date,
          time_slot: booking.time_slot,
          sent_by_sms: 0,
          created_at: new Date(
            Math.max(Date.parse(booking.created_at), starts - REMINDER_MS),
          ).toISOString(),
        },
      ];
    });
}

type FollowUpRow = QuoteFollowUpsTable;

/**
 * Follow-ups as the sweep would have sent them: open priced quotes past their wait, and some
 * quotes whose booking came after a follow-up.
 */
export function demoFollowUps(
  random: Random,
  quotes: NewQuote[],
  bookings: NewBooking[],
  now: Date,
): FollowUpRow[] {
  const bookedAt = new Map(bookings.map((booking) => [booking.quote_id, booking.created_at]));
  const rows: FollowUpRow[] = [];
  for (const quote of quotes) {
    if (quote.total_cents === null || quote.total_cents === undefined) continue;
    const created = Date.parse(quote.created_at);
    const first = created + FOLLOW_UP_MS;
    const booked = bookedAt.get(quote.id);
    const open = quote.status === "pending" && !booked && quote.lead_status !== "lost";
    const bookedAfterFollowUp = booked !== undefined && Date.parse(booked) > first;
    if (!(open || (bookedAfterFollowUp && random.chance(0.3)))) continue;
    if (first > now.getTime() || now.getTime() - created > 30 * DAY_MS) continue;
    rows.push(followUp(quote.id, 1, first));
    if (open && first + FOLLOW_UP_MS <= now.getTime()) {
      rows.push(followUp(quote.id, 2, first + FOLLOW_UP_MS));
    }
  }
  return rows;
}

function followUp(quoteId: string, number: 1 | 2, at: number): FollowUpRow {
  return {
    id: `demo-follow-up-${number}-${quoteId}`,
    quote_id: quoteId,
    number,
    sent_at: new Date(at).toISOString(),
  };
}

/** About a third of the customers with a mobile asked for texts when they booked. */
export function demoSmsChoices(
  random: Random,
  phones: (string | null | undefined)[],
  now: Date,
): SmsPreferencesTable[] {
  const chosen = new Map<string, SmsPreferencesTable>();
  for (const phone of phones) {
    const digits = (phone ?? "").replace(/\D/g, "");
    if (!/^04\d{8}$/.test(digits) || chosen.has(digits) || !random.chance(0.35)) continue;
    chosen.set(digits, {
      phone: `+61${digits.slice(1)}`,
      opted_in: 1,
      source: "booking",
      updated_at: now.toISOString(),
    });
  }
  return [...chosen.values()];
}
