import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { readDirectoryFilter } from "./cleaner-directory";
import { listCleaners } from "./cleaner-directory.service.server";
import { insertCleaners } from "./cleaner.test-data";

const filter = (query: string) => readDirectoryFilter(new URLSearchParams(query));

describe.each(testDialects)("the cleaner directory on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  const seed = () =>
    insertCleaners(database.db, [
      {
        id: "c-ava",
        name: "Ava Brown",
        email: "ava@example.com",
        phone: "0412 000 111",
        location: "Bondi",
        rating: 4.8,
        completed_jobs: 12,
        services: '["Residential","Commercial"]',
      },
      {
        id: "c-ben",
        name: "Ben Clark",
        email: "ben.c@example.com",
        location: "Parramatta",
        rating: 4.2,
        completed_jobs: 40,
        status: "busy",
        services: '["Commercial"]',
      },
      {
        id: "c-cara",
        name: "Cara Diaz",
        email: "cara@example.com",
        location: "Newtown",
        rating: 0,
        status: "pending_review",
        services: '["Residential","House Keeping"]',
        source: "application",
      },
      {
        id: "c-dan",
        name: "Dan Evans",
        email: "dan@example.com",
        location: "Manly",
        rating: 3.9,
        completed_jobs: 3,
        status: "suspended",
      },
    ]);

  const names = async (query: string) =>
    (await listCleaners(database.db, filter(query))).cleaners.map((card) => card.name);

  test("lists everyone by rating, highest first, by default; the toggle reverses it", async () => {
    await seed();
    expect(await names("")).toEqual(["Ava Brown", "Ben Clark", "Dan Evans", "Cara Diaz"]);
    expect(await names("dir=asc")).toEqual(["Cara Diaz", "Dan Evans", "Ben Clark", "Ava Brown"]);
  });

  test("sorts by name and by completed jobs", async () => {
    await seed();
    expect(await names("sort=name&dir=asc")).toEqual([
      "Ava Brown",
      "Ben Clark",
      "Cara Diaz",
      "Dan Evans",
    ]);
    expect(await names("sort=jobs")).toEqual(["Ben Clark", "Ava Brown", "Dan Evans", "Cara Diaz"]);
  });

  test("filters by status and by service, and searches name, email, phone and suburb", async () => {
    await seed();
    expect(await names("status=busy")).toEqual(["Ben Clark"]);
    expect(await names("service=House Keeping")).toEqual(["Cara Diaz"]);
    expect(await names("service=Commercial&sort=name&dir=asc")).toEqual(["Ava Brown", "Ben Clark"]);
    expect(await names("q=parra")).toEqual(["Ben Clark"]);
    expect(await names("q=BEN.C@")).toEqual(["Ben Clark"]);
    expect(await names("q=0412 000")).toEqual(["Ava Brown"]);
    expect(await names("q=diaz")).toEqual(["Cara Diaz"]);
    // A % typed in the search is a character, not a wildcard.
    expect(await names("q=%")).toEqual([]);
  });

  test("a card carries what the directory shows; the applications count is of pending_review", async () => {
    await seed();
    const page = await listCleaners(database.db, filter("q=ava"));
    expect(page.cleaners).toEqual([
      {
        id: "c-ava",
        name: "Ava Brown",
        initials: "AB",
        photoUrl: null,
        location: "Bondi",
        rating: 4.8,
        status: "available",
        declined: false,
        services: ["Residential", "Commercial"],
        completedJobs: 12,
        activeBookings: 0,
      },
    ]);
    expect(page.pendingReview).toBe(1);
    expect(page.anyCleaners).toBe(true);
  });

  test("tells an empty directory from filters that exclude everyone", async () => {
    const empty = await listCleaners(database.db, filter(""));
    expect(empty).toMatchObject({ cleaners: [], anyCleaners: false, next: null, pendingReview: 0 });
    await seed();
    const none = await listCleaners(database.db, filter("q=nobody"));
    expect(none).toMatchObject({ cleaners: [], anyCleaners: true });
  });

  test("pages with a cursor through equal ratings without losing or repeating anyone", async () => {
    const rows = Array.from({ length: 7 }, (_, i) => ({
      id: `c-${i}`,
      name: `Cleaner ${i}`,
      rating: i < 4 ? 4.5 : 4,
    }));
    await insertCleaners(database.db, rows);
    const seen: string[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 5; pages++) {
      const query: string = after ? `after=${after}` : "";
      const page = await listCleaners(database.db, filter(query), 3);
      seen.push(...page.cleaners.map((card) => card.id));
      after = page.next;
      if (!after) break;
    }
    expect(seen).toEqual(["c-3", "c-2", "c-1", "c-0", "c-6", "c-5", "c-4"]);
  });
});
