import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import type { CleanerStatus, NewCleaner, NewReview } from "~/server/database";
import { firstNameAndInitial } from "./public-profile";
import {
  getPublicCleanerProfile,
  listPublicCleanerPages,
  listTeamMembers,
} from "./public-profile.service.server";

const AT = "2026-11-20T23:15:00.000Z";

function cleaner(id: string, status: CleanerStatus): NewCleaner {
  return {
    id,
    name: "Mei Lin Chen",
    email: `${id}@example.com`,
    phone: "0491 570 157",
    location: "Bondi Junction",
    services: '["Residential","End of Lease"]',
    availability: '["Monday","Wednesday"]',
    languages: '["English"]',
    specialties: "[]",
    status,
    rating: 0,
    active_bookings: 0,
    completed_jobs: 0,
    has_abn: 1,
    abn_number: "51824753556",
    has_transport: 1,
    experience: "5+",
    additional_notes: "Private note for staff",
    bank_name: "Westpac",
    account_name: "Mei Chen",
    bsb_encrypted: "v1.a.b.c",
    account_number_encrypted: "v1.d.e.f",
    account_last4: "6789",
    tfn_encrypted: "v1.g.h.i",
    super_fund: "AustralianSuper",
    super_member_number_encrypted: "v1.j.k.l",
    about: "Careful with stone benchtops.",
    working_hours: "8am-4pm",
    price_per_day_cents: 6000,
    source: "admin",
    created_at: AT,
    updated_at: AT,
  };
}

function review(id: string, cleanerId: string, rating: number, verified = 1): NewReview {
  return {
    id,
    client_name: "Olivia S.",
    rating,
    comment: "Lovely work.",
    verified,
    show_on_home: 0,
    cleaner_id: cleanerId,
    created_at: AT,
    updated_at: AT,
  };
}

test("a cleaner is shown by first name and initial", () => {
  expect(firstNameAndInitial("Mei Lin Chen")).toBe("Mei C.");
  expect(firstNameAndInitial("Grace O'Connor")).toBe("Grace O.");
  expect(firstNameAndInitial("Madonna")).toBe("Madonna");
});

describe.each(testDialects)("public cleaner profiles on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    await database.db
      .insertInto("cleaners")
      .values([
        cleaner("c-available", "available"),
        cleaner("c-busy", "busy"),
        cleaner("c-offline", "offline"),
        cleaner("c-pending", "pending_review"),
        cleaner("c-suspended", "suspended"),
      ])
      .execute();
    await database.db
      .insertInto("reviews")
      .values([
        review("r1", "c-available", 5),
        review("r2", "c-available", 4),
        review("r3", "c-available", 5),
        review("r4", "c-available", 1, 0),
        review("r5", "c-busy", 3),
      ])
      .execute();
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("shows public fields only: never email, phone, bank, tax or staff notes", async () => {
    const profile = await getPublicCleanerProfile(database.db, "c-available");
    expect(profile).toEqual({
      id: "c-available",
      displayName: "Mei C.",
      initials: "MC",
      photo: null,
      suburb: "Bondi Junction",
      workingHours: "8am-4pm",
      availability: ["Monday", "Wednesday"],
      services: ["Residential", "End of Lease"],
      about: "Careful with stone benchtops.",
      status: "available",
      rating: { average: 4.7, count: 3 },
    });
    const text = JSON.stringify(profile);
    for (const secret of [
      "@example.com",
      "0491 570 157",
      "Westpac",
      "6789",
      "v1.",
      "51824753556",
      "Private note",
      "Mei Lin Chen",
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  test("days or services whose stored list does not fit show as none, and the page still opens", async () => {
    await database.db
      .updateTable("cleaners")
      .set({ availability: "Monday, Wednesday", services: '["Residential", 3]' })
      .where("id", "=", "c-busy")
      .execute();
    const profile = await getPublicCleanerProfile(database.db, "c-busy");
    expect(profile).toMatchObject({ id: "c-busy", availability: [], services: [] });
  });

  test("an applicant's uploaded photo is shown once the cleaner is on the team", async () => {
    const uploadId = "0b7d2c1e-4f5a-4e8b-9c3d-2a1b0c9d8e7f";
    await database.db
      .insertInto("uploads")
      .values({
        id: uploadId,
        key: `applicants/${uploadId}.webp`,
        purpose: "applicant_photo",
        mime: "image/webp",
        bytes: 1234,
        width: 600,
        height: 800,
        cleaner_id: "c-busy",
        created_at: AT,
        claimed_at: AT,
      })
      .execute();
    await database.db
      .updateTable("cleaners")
      .set({ photo: `/api/uploads/${uploadId}` })
      .where("id", "in", ["c-busy", "c-offline"])
      .execute();
    // An upload that is gone shows the monogram.
    await database.db
      .updateTable("cleaners")
      .set({ photo: "/api/uploads/00000000-0000-4000-8000-000000000000" })
      .where("id", "=", "c-offline")
      .execute();
    expect((await getPublicCleanerProfile(database.db, "c-busy"))?.photo).toEqual({
      kind: "file",
      url: `/api/uploads/${uploadId}`,
      width: 600,
      height: 800,
    });
    expect((await getPublicCleanerProfile(database.db, "c-offline"))?.photo).toBeNull();
  });

  test("computes the rating from the cleaner's own verified reviews", async () => {
    const busy = await getPublicCleanerProfile(database.db, "c-busy");
    expect(busy?.rating).toEqual({ average: 3, count: 1 });
    const offline = await getPublicCleanerProfile(database.db, "c-offline");
    expect(offline?.rating).toEqual({ average: null, count: 0 });
  });

  test("refuses applicants awaiting review, suspended cleaners and unknown ids", async () => {
    expect(await getPublicCleanerProfile(database.db, "c-pending")).toBeNull();
    expect(await getPublicCleanerProfile(database.db, "c-suspended")).toBeNull();
    expect(await getPublicCleanerProfile(database.db, "no-such-cleaner")).toBeNull();
  });

  test("lists only available, busy and offline cleaners for the sitemap", async () => {
    const pages = await listPublicCleanerPages(database.db);
    expect(pages.map((page) => page.path).sort()).toEqual([
      "/provider/c-available",
      "/provider/c-busy",
      "/provider/c-offline",
    ]);
  });
});

describe.each(testDialects)("the home page's team on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("only available cleaners are listed, by public name, with no contact details", async () => {
    await database.db
      .insertInto("cleaners")
      .values([
        { ...cleaner("c-available", "available"), completed_jobs: 3 },
        { ...cleaner("c-busy", "busy"), name: "Busy Person" },
        { ...cleaner("c-applicant", "pending_review"), name: "New Applicant" },
        { ...cleaner("c-suspended", "suspended"), name: "Gone Away" },
        { ...cleaner("c-senior", "available"), name: "Sofia Martinez", completed_jobs: 90 },
      ])
      .execute();
    const team = await listTeamMembers(database.db);
    expect(team.map((member) => member.id)).toEqual(["c-senior", "c-available"]);
    expect(team[0]).toEqual({
      id: "c-senior",
      displayName: "Sofia M.",
      initials: "SM",
      photo: null,
      suburb: "Bondi Junction",
      services: ["Residential", "End of Lease"],
    });
    expect(JSON.stringify(team)).not.toMatch(/example\.com|0491|Westpac|Private note/);
  });
});
