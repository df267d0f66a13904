// The data of `npm run bench:admin-lists` (docs/benchmarks.md#admin-lists-at-10-data): every table
// an admin list or board reads, at --scale times the admin benchmark's business (scale 1: 500
// cleaners, 200,000 leads over 120 days, 30% of them booked, 1,000,000 ledger rows), made by the
// database itself with INSERT … SELECT over a number series. The same integer arithmetic on both
// dialects gives the same rows on SQLite and PostgreSQL, and tens of millions of rows load in
// minutes where sending them from Node took most of an hour.
import { FIRST_NAMES, LAST_NAMES } from "~/features/demo-data/people";
import { TIME_SLOTS } from "~/features/bookings/booking-rules";

export type Counts = {
  staff: number;
  cleaners: number;
  leads: number;
  transactions: number;
  contactMessages: number;
  /** Weekly payouts per cleaner over the span */
  payoutWeeks: number;
};

export const SPAN_DAYS = 120;
/** Bookings per date and slot: the most settings allow (bookingsPerSlot, 1 to 50). */
export const SLOT_CAPACITY = 50;
const BOOKINGS_A_DAY = SLOT_CAPACITY * TIME_SLOTS.length;

export function countsAt(scale: number): Counts {
  return {
    staff: 5,
    cleaners: Math.round(500 * scale),
    leads: Math.round(200_000 * scale),
    transactions: Math.round(1_000_000 * scale),
    contactMessages: Math.round(20_000 * scale),
    payoutWeeks: Math.floor(SPAN_DAYS / 7),
  };
}

export { postgresDialect, sqliteDialect, type Dialect } from "../../tests/helpers/sql-dialects";
import type { Dialect } from "../../tests/helpers/sql-dialects";

// A fixed pseudo-random number in [0, 1,000,003) for row `i` and stream `k`: each stream has its
// own odd multiplier, so two streams of one row are not in step.
const MULTIPLIERS = [
  2654435761, 2246822519, 3266489917, 668265263, 374761393, 1597334677, 3812015801, 1181783497,
  2870177450, 1800329,
];
export function rnd(i: string, k: number) {
  return `(((${i}) + ${k * 7919}) * ${MULTIPLIERS[k % MULTIPLIERS.length]! + 2 * Math.floor(k / MULTIPLIERS.length)} % 1000003)`;
}
const RANGE = 1_000_003;

/** One of `values` (SQL literals), chosen by stream k of row i. */
function pick(i: string, k: number, values: readonly string[]) {
  const cases = values.map((value, n) => `when ${n} then ${value}`).join(" ");
  return `(case ${rnd(i, k)} % ${values.length} ${cases} end)`;
}

/** One of `choices` by weight (percentages summing to 100), chosen by stream k of row i. */
function weighted(i: string, k: number, choices: readonly (readonly [string, number])[]) {
  let bound = 0;
  const cases = choices.map(([value, weight]) => {
    bound += weight;
    return `when ${rnd(i, k)} < ${Math.round((bound / 100) * RANGE)} then ${value}`;
  });
  return `(case ${cases.join(" ")} else ${choices.at(-1)![0]} end)`;
}

const text = (value: string) => `'${value.replaceAll("'", "''")}'`;
const SUBURBS = ["Bondi", "Parramatta", "Newtown", "Manly", "Chatswood", "Penrith", "Randwick"];
const SERVICE_SETS = [
  '["Residential"]',
  '["Residential","Commercial"]',
  '["House Keeping"]',
  '["Residential","End of Lease"]',
  '["Commercial","House Keeping"]',
];
const CLEANER_STATUSES = [
  ["'available'", 60],
  ["'busy'", 15],
  ["'offline'", 10],
  ["'pending_review'", 10],
  ["'suspended'", 5],
] as const;

/** The moment the data is made around; every time is in the SPAN_DAYS before it. */
export type Clock = { nowSeconds: number; spanStartSeconds: number; today: string };

export function clockAt(now: Date): Clock {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  return {
    nowSeconds,
    spanStartSeconds: nowSeconds - SPAN_DAYS * 86_400,
    today: now.toISOString().slice(0, 10),
  };
}

/** Seconds within the span, by stream k of row i. */
function spanSeconds(clock: Clock, i: string, k: number) {
  const span = clock.nowSeconds - clock.spanStartSeconds;
  return `(${clock.spanStartSeconds} + ${rnd(i, k)} * ${span} / ${RANGE})`;
}

/** Seconds within the span that grow with i (of `count`), so ids and times follow each other. */
function orderedSeconds(clock: Clock, i: string, count: number) {
  const span = clock.nowSeconds - clock.spanStartSeconds;
  return `(${clock.spanStartSeconds} + (${i}) * ${span} / ${Math.max(1, count)})`;
}

export const cleanerId = (d: Dialect, i: string) => `'c' || ${d.pad(i, 7)}`;
export const quoteId = (d: Dialect, i: string) => `'q' || ${d.pad(i, 8)}`;
export const staffId = (d: Dialect, i: string) => `'s' || ${d.pad(i, 2)}`;

type Fill = {
  d: Dialect;
  counts: Counts;
  clock: Clock;
  bankAccount: string;
  statements: string[];
  /** Adds the statements `make` writes for rows `from` to `to`, a chunk at a time */
  chunks: (count: number, make: (from: number, to: number) => string) => void;
  at: (seconds: string) => string;
};

/**
 * The statements that fill the tables, in order, each 200,000 rows at most (PostgreSQL keeps
 * every version of a row a trigger updates within one statement). `bankAccount` is one encrypted
 * account number every cleaner shares, so the payouts page decrypts as it does in use.
 */
export function fillStatements(d: Dialect, counts: Counts, clock: Clock, bankAccount: string) {
  const statements: string[] = [];
  const size = 200_000;
  const chunks = (count: number, make: (from: number, to: number) => string) => {
    for (let from = 0; from < count; from += size) {
      statements.push(make(from, Math.min(count, from + size) - 1));
    }
  };
  const fill: Fill = { d, counts, clock, bankAccount, statements, chunks, at: d.iso };
  for (const add of [people, leads, bookings, ledger, inbox, audit]) add(fill);
  return statements;
}

/** Staff, and cleaners: a tenth of them applicants (pending_review: the Applications view). */
function people(f: Fill) {
  const { d, counts, clock, statements, chunks, at, bankAccount } = f;
  const i = "s.i";
  statements.push(`insert into staff_users (id, email, name, password_hash, role, created_at, updated_at)
    select ${staffId(d, i)}, 'staff-' || ${i} || '@bench.example', ${pick(i, 1, FIRST_NAMES.map(text))} || ' Staff ' || ${i},
      'not-a-hash', case when ${i} = 0 then 'owner' else 'staff' end,
      ${at(String(clock.spanStartSeconds))}, ${at(String(clock.spanStartSeconds))}
    from ${d.series(0, counts.staff - 1)}`);

  // Cleaners, a tenth of them applicants (pending_review: the Applications view).
  chunks(counts.cleaners, (from, to) => {
    const created = at(`(${clock.nowSeconds} - ${rnd(i, 2)} * 63072000 / ${RANGE})`);
    return `insert into cleaners (id, name, email, phone, location, services, availability,
        languages, specialties, status, rating, active_bookings, completed_jobs, source, bank_name,
        account_number_encrypted, created_at, updated_at)
      select ${cleanerId(d, i)},
        ${pick(i, 3, FIRST_NAMES.map(text))} || ' ' || ${pick(i, 4, LAST_NAMES.map(text))} || ' ' || ${i},
        'cleaner-' || ${i} || '@bench.example', '04' || ${d.pad(`${i} % 100000000`, 8)},
        ${pick(i, 5, SUBURBS.map(text))}, ${pick(i, 6, SERVICE_SETS.map(text))}, '["Monday","Tuesday"]',
        '["English"]', '[]', ${weighted(i, 7, CLEANER_STATUSES)}, ${rnd(i, 8)} % 51 / 10.0,
        ${rnd(i, 9)} % 5, ${rnd(i, 10)} % 400, 'admin', 'Bench Bank', ${text(bankAccount)},
        ${created}, ${created}
      from ${d.series(from, to)}`;
  });
}

/** Leads in time order (id and created_at grow together), with the demo's names. */
function leads(f: Fill) {
  const { d, counts, clock, chunks, at } = f;
  const i = "s.i";
  // Leads in time order (id and created_at grow together), with the demo's names.
  chunks(counts.leads, (from, to) => {
    const created = at(orderedSeconds(clock, i, counts.leads));
    const type = weighted(i, 11, [
      ["'residential'", 60],
      ["'commercial'", 25],
      ["'post-construction'", 10],
      ["'subscription'", 5],
    ]);
    const leadStatus = weighted(i, 12, [
      ["'new'", 30],
      ["'contacted'", 20],
      ["'qualified'", 15],
      ["'booked'", 25],
      ["'lost'", 10],
    ]);
    const status = weighted(i, 13, [
      ["'pending'", 60],
      ["'assigned'", 15],
      ["'completed'", 15],
      ["'cancelled'", 10],
    ]);
    return `insert into quotes (id, reference, client_name, client_email, client_phone, service_type,
        space_details, total_cents, status, lead_status, lead_source, created_at, updated_at, deleted_at)
      select id, 'HG-B' || n, name, lower(replace(name, ' ', '.')) || '.' || n || '@bench.example',
        '04' || ${d.pad(`${rnd("n", 14)} % 100`, 2)} || ' ' || ${d.pad(`${rnd("n", 15)} % 1000`, 3)} || ' ' || ${d.pad(`${rnd("n", 16)} % 1000`, 3)},
        type, '{}', case when status = 'pending_quote' then null else 8000 + ${rnd("n", 17)} % 52000 end,
        status, lead_status, 'website', created, created,
        case when ${rnd("n", 18)} % 50 = 0 then created end
      from (
        select ${quoteId(d, i)} as id, ${i} as n, ${created} as created,
          ${pick(i, 19, FIRST_NAMES.map(text))} || ' ' || ${pick(i, 20, LAST_NAMES.map(text))} as name,
          ${type} as type, ${leadStatus} as lead_status,
          case when ${type} in ('post-construction', 'subscription') and ${leadStatus} = 'new'
            then 'pending_quote' else ${status} end as status
        from ${d.series(from, to)}
      ) q`;
  });
}

/** Bookings, their slot counts, payments and offers. */
function bookings(f: Fill) {
  const { d, counts, clock, statements, chunks, at } = f;
  const i = "s.i";
  const n = i;
  // 30% of leads booked (those with n % 10 < 3, so booking k's rank is known without counting),
  // within three days of the lead and never after now. Booking k is laid out 50 to a slot, 400
  // a day, from 365 days ahead (the booking horizon) backwards: every week of the schedule is as
  // full as settings allow, and the jobs ahead are as many as there can be.

  const k = `((${n} / 10) * 3 + ${n} % 10)`;
  const day = `(365 - ${k} / ${BOOKINGS_A_DAY})`;
  const bookedAt = at(
    d.least(
      String(clock.nowSeconds),
      `${orderedSeconds(clock, n, counts.leads)} + ${rnd(n, 21)} * 259200 / ${RANGE}`,
    ),
  );
  const cancelled = `${rnd(n, 23)} % 25 = 0`;
  const slot = `(case ${k} % ${TIME_SLOTS.length} ${TIME_SLOTS.map((t, x) => `when ${x} then ${text(t)}`).join(" ")} end)`;
  chunks(counts.leads, (from, to) => {
    return `insert into bookings (id, reference, quote_id, scheduled_date, time_slot, address, suburb,
        status, price_cents, created_at, updated_at, completed_at, cancelled_at, cancelled_by)
      select ${bookingId(d, n)}, 'HG-BK' || ${n}, ${quoteId(d, n)},
        substr(${at(`${clock.nowSeconds} + ${day} * 86400`)}, 1, 10), ${slot},
        ${n} || ' Bench St', ${pick(n, 22, SUBURBS.map(text))},
        case when ${cancelled} then 'cancelled' when ${day} < 0 then 'completed' else 'confirmed' end,
        8000 + ${rnd(n, 24)} % 52000, ${bookedAt}, ${bookedAt},
        case when not (${cancelled}) and ${day} < 0 then ${bookedAt} end,
        case when ${cancelled} then ${bookedAt} end,
        case when ${cancelled} then 'customer' end
      from ${d.series(from, to)} where ${n} % 10 < 3`;
  });
  statements.push(`insert into booking_slot_counts (scheduled_date, time_slot, booked)
    select scheduled_date, time_slot, count(*) from bookings where status <> 'cancelled'
    group by scheduled_date, time_slot`);

  // A payment for each booking: paid once done, most paid ahead; the rest wait.
  chunks(counts.leads, (from, to) => {
    const paid = `(b.status = 'completed' or ${rnd(n, 25)} % 5 <> 0)`;
    return `insert into payments (id, quote_id, booking_id, amount_cents, provider, status,
        created_at, updated_at, paid_at)
      select 'p' || ${d.pad(n, 8)}, b.quote_id, b.id, b.price_cents, 'test',
        case when ${paid} then 'paid' else 'pending' end, b.created_at, b.created_at,
        case when ${paid} then b.created_at end
      from ${d.series(from, to)} join bookings b on b.id = ${bookingId(d, n)}
      where ${n} % 10 < 3`;
  });

  // An offer for each booking: most accepted, some waiting, some declined; any cleaner.
  chunks(counts.leads, (from, to) => {
    const status = weighted(n, 26, [
      ["'accepted'", 75],
      ["'pending'", 10],
      ["'declined'", 15],
    ]);
    return `insert into assignments (id, quote_id, booking_id, cleaner_id, scheduled_date, time_slot,
        status, response_deadline, token_hash, created_at, updated_at)
      select 'a' || substr(b.id, 2), b.quote_id, b.id, ${cleanerId(d, `${rnd(n, 27)} % ${counts.cleaners}`)},
        b.scheduled_date, b.time_slot, ${status}, b.created_at, 'token-' || ${n}, b.created_at,
        b.created_at
      from ${d.series(from, to)} join bookings b on b.id = ${bookingId(d, n)}
      where ${n} % 10 < 3`;
  });
}

/** The ledger, and the cleaners' payouts. */
function ledger(f: Fill) {
  const { d, counts, clock, statements, chunks, at } = f;
  const i = "s.i";
  // The ledger, as the admin benchmark makes it.
  chunks(counts.transactions, (from, to) => {
    const seconds = spanSeconds(clock, i, 28);
    const type = weighted(i, 29, [
      ["'payment'", 70],
      ["'payout'", 22],
      ["'refund'", 8],
    ]);
    const category = weighted(i, 30, [
      ["'Residential'", 50],
      ["'Commercial'", 30],
      ["'Post-construction'", 12],
      ["'Subscription'", 8],
    ]);
    return `insert into transactions (id, reference_id, description, type, amount_cents, category,
        status, created_at, sydney_date)
      select 't' || ${d.pad(i, 9)}, 'HG-T' || ${i}, type || ' ' || ${i}, type, 8000 + ${rnd(i, 31)} % 52000,
        case when type = 'payout' then null else ${category} end,
        ${weighted(i, 32, [
          ["'completed'", 90],
          ["'pending'", 7],
          ["'failed'", 3],
        ])}, ${at(seconds)}, ${d.sydneyDate(seconds)}
      from (select ${i} as i, ${type} as type from ${d.series(from, to)}) s`;
  });

  // A weekly payout for each cleaner who is not an applicant, for every week of the span.
  const weeks = counts.payoutWeeks;
  statements.push(`insert into cleaner_payouts (id, cleaner_id, amount_cents, status, payout_date,
      reference, created_by, created_at, updated_at, period_start, period_end)
    select 'po' || ${d.pad(i, 8)}, ${cleanerId(d, `${i} / ${weeks}`)}, 20000 + ${rnd(i, 33)} % 80000,
      ${weighted(i, 34, [
        ["'completed'", 90],
        ["'pending'", 7],
        ["'failed'", 3],
      ])}, substr(${at(`${clock.spanStartSeconds} + (${i} % ${weeks} + 1) * 604800`)}, 1, 10),
      'PO-B' || ${i}, 's00', ${at(`${clock.spanStartSeconds} + (${i} % ${weeks} + 1) * 604800 + ${i} / ${weeks}`)},
      ${at(`${clock.spanStartSeconds} + (${i} % ${weeks} + 1) * 604800`)},
      substr(${at(`${clock.spanStartSeconds} + (${i} % ${weeks}) * 604800`)}, 1, 10),
      substr(${at(`${clock.spanStartSeconds} + (${i} % ${weeks}) * 604800 + 518400`)}, 1, 10)
    from ${d.series(0, counts.cleaners * weeks - 1)}
    where ${cleanerId(d, `${i} / ${weeks}`)} in (select id from cleaners where status <> 'pending_review')`);
}

/** Contact messages, and the outbox. */
function inbox(f: Fill) {
  const { d, counts, clock, statements, chunks, at } = f;
  const i = "s.i";
  const n = i;
  // Contact messages, a third of them still open.
  chunks(counts.contactMessages, (from, to) => {
    const created = at(orderedSeconds(clock, i, counts.contactMessages));
    return `insert into contact_messages (id, first_name, last_name, email, phone, message, created_at,
        handled_at)
      select 'm' || ${d.pad(i, 8)}, ${pick(i, 35, FIRST_NAMES.map(text))}, ${pick(i, 36, LAST_NAMES.map(text))},
        'contact-' || ${i} || '@bench.example', '04' || ${d.pad(`${rnd(i, 37)} % 100000000`, 8)},
        'Hello, could you quote a ' || ${pick(i, 38, ["'regular'", "'end of lease'", "'office'", "'deep'"])}
          || ' clean in ' || ${pick(i, 39, SUBURBS.map(text))} || '? Message ' || ${i} || '.',
        ${created}, case when ${rnd(i, 40)} % 3 = 0 then null else ${created} end
      from ${d.series(from, to)}`;
  });

  // The outbox: for each lead its webhook and the customer's email, each with one try (most
  // delivered, a few failed or given up, some skipped for want of a URL).
  chunks(counts.leads, (from, to) => {
    const created = orderedSeconds(clock, n, counts.leads);
    const status = weighted(n, 41, [
      ["'delivered'", 96],
      ["'dead'", 1],
      ["'retrying'", 1],
      ["'skipped'", 2],
    ]);
    return `insert into outbox_messages (id, kind, topic, subject_type, subject_id, payload, status,
        attempts, next_attempt_at, last_error, created_at, updated_at, delivered_at)
      select 'o' || ${d.pad("s.i", 8)} || substr(k.kind, 1, 1), k.kind,
        case k.kind when 'webhook' then 'quote.created' else 'email.quote_received' end,
        'quote', ${quoteId(d, "s.i")},
        case k.kind when 'webhook' then '{"route":"production","body":{"reference":"HG-B' || s.i || '"}}'
          else '{"to":"lead-' || s.i || '@bench.example","subject":"Your quote HG-B' || s.i || '","html":"<p>Thanks</p>","text":"Thanks"}' end,
        s.status, 1, ${at("s.t")}, case when s.status in ('dead', 'retrying') then 'HTTP 500' end,
        ${at("s.t")}, ${at("s.t + 2")}, case when s.status = 'delivered' then ${at("s.t + 1")} end
      from (select ${n} as i, ${created} as t, ${status} as status from ${d.series(from, to)}) s
      cross join (select 'webhook' as kind union all select 'email') k`;
  });
  statements.push(`insert into outbox_attempts (id, message_id, attempt_number, attempted_at, target,
      outcome, status_code, error, duration_ms)
    select 'x' || substr(id, 2), id, 1, updated_at,
      case kind when 'webhook' then 'https://hooks.bench.example/quotes' else 'smtp' end,
      case status when 'delivered' then 'delivered' when 'skipped' then 'skipped' else 'failed' end,
      case status when 'delivered' then 200 when 'skipped' then null else 500 end,
      case when status in ('dead', 'retrying') then 'HTTP 500' end, 120
    from outbox_messages`);
}

/** The audit log. */
function audit(f: Fill) {
  const { d, counts, clock, chunks, at } = f;
  const i = "s.i";
  const n = i;
  // The audit log: each cleaner's status changes (about four), a note on one lead in ten,
  // each booking made by its customer and each offer made by staff.
  chunks(counts.cleaners * 4, (from, to) => {
    const statuses = CLEANER_STATUSES.map(([status]) => status);
    return `insert into audit_log (id, actor_type, actor_id, action, subject_type, subject_id, details,
        created_at)
      select 'l1' || ${d.pad(i, 9)}, 'staff', ${staffId(d, `${rnd(i, 42)} % ${counts.staff}`)},
        'cleaner.status_changed', 'cleaner', ${cleanerId(d, `${i} / 4`)},
        '{"from":"' || ${pick(i, 43, statuses)} || '","to":"' || ${pick(i, 44, statuses)} || '"}',
        ${at(spanSeconds(clock, i, 45))}
      from ${d.series(from, to)}`;
  });
  chunks(counts.leads, (from, to) => {
    const created = orderedSeconds(clock, n, counts.leads);
    return `insert into audit_log (id, actor_type, actor_id, action, subject_type, subject_id, details,
        created_at)
      select 'l2' || ${d.pad(n, 9)}, 'staff', ${staffId(d, `${rnd(n, 46)} % ${counts.staff}`)},
        'lead.notes_changed', 'quote', ${quoteId(d, n)}, '{}', ${at(`${created} + 3600`)}
      from ${d.series(from, to)} where ${n} % 10 = 5`;
  });
  chunks(counts.leads, (from, to) => {
    const created = orderedSeconds(clock, n, counts.leads);
    return `insert into audit_log (id, actor_type, actor_id, action, subject_type, subject_id, details,
        created_at)
      select 'l3' || ${d.pad(n, 9)}, 'customer', null, 'booking.created', 'booking', ${bookingId(d, n)},
        '{}', ${at(`${created} + 60`)}
      from ${d.series(from, to)} where ${n} % 10 < 3`;
  });
  chunks(counts.leads, (from, to) => {
    const created = orderedSeconds(clock, n, counts.leads);
    return `insert into audit_log (id, actor_type, actor_id, action, subject_type, subject_id, details,
        created_at)
      select 'l4' || ${d.pad(n, 9)}, 'staff', ${staffId(d, `${rnd(n, 47)} % ${counts.staff}`)},
        'assignment.offered', 'quote', ${quoteId(d, n)}, '{}', ${at(`${created} + 7200`)}
      from ${d.series(from, to)} where ${n} % 10 < 3`;
  });
}

export const bookingId = (d: Dialect, i: string) => `'b' || ${d.pad(i, 8)}`;
