// What differs between SQLite's and PostgreSQL's SQL for rows made by the database itself
// (INSERT … SELECT over a number series): the benchmarks' data and the soaks' seeds.

/** What differs between the two databases' SQL; everything else is written once. */
export type Dialect = {
  name: "sqlite" | "postgres";
  /** A FROM item `s` with one bigint column `i` from `from` to `to`, both included */
  series(from: number, to: number): string;
  /** ISO-8601 UTC text with milliseconds, as Date#toISOString writes it, of Unix seconds */
  iso(seconds: string): string;
  /** The Sydney calendar date (YYYY-MM-DD) of Unix seconds */
  sydneyDate(seconds: string): string;
  /** `value` as decimal text left-padded with zeros to `width` */
  pad(value: string, width: number): string;
  /** The smaller of two numbers */
  least(a: string, b: string): string;
};

export const sqliteDialect: Dialect = {
  name: "sqlite",
  series: (from, to) =>
    `(with recursive n(i) as (select ${from} union all select i + 1 from n where i < ${to}) select i from n) s`,
  iso: (seconds) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${seconds}, 'unixepoch')`,
  // A function the seeding connection registers (seed-admin-lists.ts): SQLite knows no time zones.
  sydneyDate: (seconds) => `sydney_date(${seconds})`,
  pad: (value, width) => `printf('%0${width}d', ${value})`,
  least: (a, b) => `min(${a}, ${b})`,
};

export const postgresDialect: Dialect = {
  name: "postgres",
  series: (from, to) => `generate_series(${from}::bigint, ${to}::bigint) as s(i)`,
  iso: (seconds) =>
    `to_char(to_timestamp(${seconds}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  sydneyDate: (seconds) =>
    `to_char(to_timestamp(${seconds}) at time zone 'Australia/Sydney', 'YYYY-MM-DD')`,
  pad: (value, width) => `lpad((${value})::text, ${width}, '0')`,
  least: (a, b) => `least(${a}, ${b})`,
};
