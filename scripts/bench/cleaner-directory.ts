// The cleaner directory's part of `npm run bench:admin` (docs/benchmarks.md#cleaner-directory): listCleaners, as the
// /admin/cleaners loader calls it, on a directory of 500 and of 5,000 cleaners, on SQLite and
// PostgreSQL. Cases: the first page (rating, highest first), a status filter, a search, and each
// sort (name, rating, jobs; a deep keyset page too). Target: p95 under 50 ms.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { readDirectoryFilter } from "~/features/cleaners/cleaner-directory";
import { listCleaners } from "~/features/cleaners/cleaner-directory.service.server";
import { createRandom } from "~/features/demo-data/random";
import type { CleanerStatus } from "~/server/database";
import { createDatabase, migrateToLatest, type AppDatabase } from "~/server/db.server";

export type DirectoryResult = {
  dialect: string;
  cleaners: number;
  label: string;
  median: number;
  p95: number;
  max: number;
};

const SIZES = [500, 5_000];
const FIRST = ["Ava", "Ben", "Chloe", "Dan", "Emma", "Finn", "Grace", "Hugo", "Isla", "Jack"];
const LAST = ["Smith", "Nguyen", "Chen", "Patel", "Brown", "Wilson", "Taylor", "Kelly", "Garcia"];
const SUBURBS = ["Bondi", "Parramatta", "Newtown", "Manly", "Chatswood", "Penrith", "Randwick"];
const SERVICES = ["Residential", "Commercial", "House Keeping", "End of Lease"];
const STATUSES: CleanerStatus[] = ["available", "busy", "offline", "pending_review", "suspended"];

function cleanerRows(count: number) {
  const random = createRandom(20261125);
  const at = new Date().toISOString();
  return Array.from({ length: count }, (_, i) => {
    const id = crypto.randomUUID();
    const services = SERVICES.filter(() => random.chance(0.5));
    return {
      id,
      name: `${random.pick(FIRST)} ${random.pick(LAST)} ${i}`,
      email: `cleaner-${i}@bench.example`,
      phone: `04${String(10_000_000 + i).slice(-8)}`,
      location: random.pick(SUBURBS),
      services: JSON.stringify(services.length ? services : ["Residential"]),
      availability: '["Monday","Tuesday"]',
      languages: '["English"]',
      specialties: "[]",
      status: random.weighted(STATUSES.map((s, k) => [s, [60, 15, 10, 10, 5][k]!] as const)),
      rating: random.int(0, 50) / 10,
      active_bookings: random.int(0, 4),
      completed_jobs: random.int(0, 400),
      has_abn: 0,
      has_transport: 0,
      source: "admin" as const,
      created_at: at,
      updated_at: at,
    };
  });
}

async function seed(database: AppDatabase, count: number) {
  const rows = cleanerRows(count);
  for (let i = 0; i < rows.length; i += 500) {
    await database.db
      .insertInto("cleaners")
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

const CASES: { label: string; query: string }[] = [
  { label: "first page (rating desc)", query: "" },
  { label: "status filter (busy)", query: "status=busy" },
  { label: "service filter (House Keeping)", query: "service=House Keeping" },
  { label: 'search ("chen")', query: "q=chen" },
  { label: "sort by name, asc", query: "sort=name&dir=asc" },
  { label: "sort by rating, asc", query: "sort=rating&dir=asc" },
  { label: "sort by jobs, desc", query: "sort=jobs" },
  { label: "applications view", query: "status=pending_review" },
];

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function timeCases(dialect: string, database: AppDatabase, cleaners: number, runs: number) {
  const results: DirectoryResult[] = [];
  // A page deep in the list: the cursor of page 10 of the default order.
  let deep = readDirectoryFilter(new URLSearchParams());
  for (let page = 0; page < 10; page++) {
    const next = (await listCleaners(database.db, deep)).next;
    if (!next) break;
    deep = readDirectoryFilter(new URLSearchParams({ after: next }));
  }
  const cases = [
    ...CASES.map((c) => ({
      label: c.label,
      filter: readDirectoryFilter(new URLSearchParams(c.query)),
    })),
    { label: "page 11 (keyset cursor)", filter: deep },
  ];
  for (const { label, filter } of cases) {
    for (let i = 0; i < 3; i++) await listCleaners(database.db, filter);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await listCleaners(database.db, filter);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    results.push({
      dialect,
      cleaners,
      label,
      median: percentile(times, 50),
      p95: percentile(times, 95),
      max: times.at(-1)!,
    });
  }
  return results;
}

export async function benchCleanerDirectory(options: {
  runs: number;
  only?: string;
}): Promise<DirectoryResult[]> {
  const results: DirectoryResult[] = [];
  for (const size of SIZES) {
    if (options.only !== "postgres") {
      const dir = mkdtempSync(path.join(os.tmpdir(), "hg-bench-directory-"));
      try {
        const database = createDatabase(path.join(dir, "bench.db"));
        await migrateToLatest(database.db);
        await seed(database, size);
        results.push(...(await timeCases("SQLite", database, size, options.runs)));
        await database.close();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
    if (options.only !== "sqlite") {
      const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
      const schema = `bench_dir_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      try {
        const database = createDatabase(url, { schema });
        await migrateToLatest(database.db);
        await seed(database, size);
        await admin.query(`analyze ${schema}.cleaners`);
        results.push(...(await timeCases("PostgreSQL", database, size, options.runs)));
        await database.close();
      } finally {
        await admin.query(`drop schema if exists ${schema} cascade`);
        await admin.end();
      }
    }
  }
  return results;
}

export function printDirectoryResults(results: DirectoryResult[]) {
  const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);
  console.log(`\nCleaner directory (listCleaners), target p95 < 50 ms:\n`);
  console.log(
    `| Database   | Cleaners | Case                            |    Median |       p95 |       Max |`,
  );
  console.log(
    `|------------|----------|---------------------------------|-----------|-----------|-----------|`,
  );
  for (const r of results) {
    console.log(
      `| ${r.dialect.padEnd(10)} | ${r.cleaners.toLocaleString("en-AU").padStart(8)} | ${r.label.padEnd(31)} | ${ms(r.median)} | ${ms(r.p95)} | ${ms(r.max)} |`,
    );
  }
  const slow = results.filter((r) => r.p95 >= 50);
  console.log(
    slow.length === 0
      ? "\nEvery directory p95 is under the 50 ms target."
      : `\n${slow.length} directory p95 figure(s) at or over the 50 ms target.`,
  );
}
