// The scheduled sweep of regular cleans as the outbox worker runs it: each step is the job
// handler listed in app/jobs.server.ts for its topic, called in turn, and the counts that show
// whether a sweep cut short by SIGKILL and run again did everything once.
import { sql, type Kysely } from "kysely";
import { APP_JOB_HANDLERS } from "~/jobs.server";
import { FOLLOW_UPS_TOPIC } from "~/features/quote-follow-ups/follow-ups-job.server";
import { REMINDERS_TOPIC } from "~/features/reminders/reminders-job.server";
import { SERIES_SWEEP_TOPIC } from "~/features/recurring/series-sweep-job.server";
import { sendDueReminders } from "~/features/reminders/reminders.service.server";
import { newId } from "~/lib/ids";
import type { AppConfig } from "~/server/config.server";
import type { Database } from "~/server/database";
import { createLogger } from "~/server/logger.server";
import { SERIES_PREFIX } from "./recurring-seed";

/**
 * Book visits ahead, remind, follow up; then any job of the list that charges cleans, so a
 * charge step is timed here as soon as it is registered with the worker.
 */
export function sweepTopics() {
  const charges = Object.keys(APP_JOB_HANDLERS).filter((topic) => /charge/i.test(topic));
  return [SERIES_SWEEP_TOPIC, REMINDERS_TOPIC, FOLLOW_UPS_TOPIC, ...charges];
}

export type StepTiming = { topic: string; seconds: number };

/** Runs every step once, as the worker would, and answers each one's seconds. */
export async function runSweep(db: Kysely<Database>, config: AppConfig): Promise<StepTiming[]> {
  const logger = createLogger("silent");
  const timings: StepTiming[] = [];
  for (const topic of sweepTopics()) {
    const handler = APP_JOB_HANDLERS[topic]!;
    const job = { id: newId(), topic, payload: {}, subjectType: null, subjectId: null, attempt: 1 };
    const started = performance.now();
    await handler(job, { db, config, logger, signal: new AbortController().signal });
    timings.push({ topic, seconds: (performance.now() - started) / 1000 });
  }
  return timings;
}

export type SweepIntegrity = {
  series: number;
  visits: number;
  /** Series whose visits are not every expected one (one more than seeded each) */
  seriesMissingVisits: number;
  /** (series, date) pairs with more than one visit */
  visitsTwice: number;
  /** Bookings of a bench series' quote that no visit points to: a visit booked twice */
  bookingsWithoutVisit: number;
  /** Visits that should have a booking and have none */
  visitsWithoutBooking: number;
  reminders: number;
  remindersTwice: number;
  /** Reminder claims without their email, or emails without a claim */
  reminderClaimsWithoutEmail: number;
  /** Reminders a further sweep would still send: due ones that were lost */
  remindersStillDue: number;
  followUps: number;
  followUpsTwice: number;
};

const count = async (db: Kysely<Database>, query: string) =>
  Number((await sql.raw<{ n: number | string }>(query).execute(db)).rows[0]!.n);

/** The counts after the last sweep; `expectedVisits` each series should have. */
export async function checkSweep(
  db: Kysely<Database>,
  config: AppConfig,
  expectedVisits: number,
): Promise<SweepIntegrity> {
  const benchSeries = `series_id like '${SERIES_PREFIX}%'`;
  const emailsTwice = (topic: string) =>
    count(
      db,
      `select count(*) as n from (select subject_id from outbox_messages
        where kind = 'email' and topic = '${topic}' group by subject_id having count(*) > 1) x`,
    );
  const emails = (topic: string) =>
    count(
      db,
      `select count(*) as n from outbox_messages where kind = 'email' and topic = '${topic}'`,
    );
  return {
    series: await count(
      db,
      `select count(*) as n from recurring_series where id like '${SERIES_PREFIX}%'`,
    ),
    visits: await count(db, `select count(*) as n from series_occurrences where ${benchSeries}`),
    seriesMissingVisits: await count(
      db,
      `select count(*) as n from recurring_series r where r.id like '${SERIES_PREFIX}%' and
        (select count(*) from series_occurrences o where o.series_id = r.id) <> ${expectedVisits}`,
    ),
    visitsTwice: await count(
      db,
      `select count(*) as n from (select series_id from series_occurrences where ${benchSeries}
        group by series_id, occurrence_date having count(*) > 1) x`,
    ),
    bookingsWithoutVisit: await count(
      db,
      `select count(*) as n from bookings b where b.quote_id like 'bq%' and not exists
        (select 1 from series_occurrences o where o.booking_id = b.id)`,
    ),
    visitsWithoutBooking: await count(
      db,
      `select count(*) as n from series_occurrences where ${benchSeries}
        and status in ('booked', 'unstaffed') and booking_id is null`,
    ),
    reminders: await emails("booking.reminder"),
    remindersTwice: await emailsTwice("booking.reminder"),
    reminderClaimsWithoutEmail: Math.abs(
      (await count(db, `select count(*) as n from booking_reminders`)) -
        (await emails("booking.reminder")),
    ),
    remindersStillDue: await sendDueReminders(db, { config }),
    followUps: await emails("quote.follow_up"),
    followUpsTwice: await emailsTwice("quote.follow_up"),
  };
}

/** The counts that must be zero for the sweep to have done everything once. */
export function integrityFailures(counts: SweepIntegrity) {
  const mustBeZero = [
    "seriesMissingVisits",
    "visitsTwice",
    "bookingsWithoutVisit",
    "visitsWithoutBooking",
    "remindersTwice",
    "reminderClaimsWithoutEmail",
    "remindersStillDue",
    "followUpsTwice",
  ] as const;
  return mustBeZero.filter((key) => counts[key] !== 0).map((key) => `${key}: ${counts[key]}`);
}
