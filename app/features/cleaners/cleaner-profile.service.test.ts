import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { encryptField } from "~/lib/crypto.server";
import { readContentVersion } from "~/server/content-version.repository.server";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { PROFILE_TEXT } from "./cleaner-admin-copy";
import { insertCleaners } from "./cleaner.test-data";
import {
  CLEANER_PAYMENT_REVEALED,
  getCleanerProfile,
  revealPaymentDetails,
  setCleanerStatus,
} from "./cleaner-profile.service.server";
import { CLEANER_STATUS_CHANGED } from "./cleaner-status";
import { getPublicCleanerProfile } from "./public-profile.service.server";
import { updatePublicProfile } from "./public-profile-edit.service.server";

const key = randomBytes(32).toString("base64");
const staff = { type: "staff", id: "staff-1" } as const;
const at = new Date("2026-11-25T01:00:00.000Z");

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

describe.each(testDialects)("the cleaner profile on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  const applicant = () =>
    insertCleaners(database.db, [
      {
        id: "c-applicant",
        name: "Lucia Gomez",
        email: "lucia@example.com",
        status: "pending_review",
        source: "application",
        experience: "2-5",
        has_abn: 1,
        abn_number: "51824753556",
        has_transport: 1,
        languages: '["English","Spanish"]',
        additional_notes: "Prefers mornings",
        preferred_areas: "Inner West",
        additional_metadata: JSON.stringify({
          visa_status: "working_holiday",
          english_proficiency: "fluent",
          has_police_check: true,
          police_check_date: "2026-03-01",
          has_own_equipment: true,
          owned_equipment: ["vacuum", "mop"],
        }),
        bank_name: "Westpac",
        account_name: "L Gomez",
        bsb_encrypted: encryptField(key, "032000"),
        account_number_encrypted: encryptField(key, "12345678"),
        account_last4: "5678",
        tfn_encrypted: encryptField(key, "123456782"),
        super_fund: "AustralianSuper",
        super_member_number_encrypted: encryptField(key, "M998877"),
      },
    ]);

  const emails = () =>
    database.db
      .selectFrom("outbox_messages")
      .select(["topic", "subject_id", "payload"])
      .where("kind", "=", "email")
      .execute();

  test("shows verification, labels and masked payment details, never a plain number", async () => {
    await applicant();
    const profile = await getCleanerProfile(database.db, "c-applicant");
    expect(profile).toMatchObject({
      name: "Lucia Gomez",
      initials: "LG",
      status: "pending_review",
      languages: ["English", "Spanish"],
      experience: "2-5 years",
      preferredAreas: "Inner West",
      additionalNotes: "Prefers mornings",
      verification: {
        policeCheck: true,
        policeCheckDate: "2026-03-01",
        hasAbn: true,
        abnNumber: "51824753556",
        visaStatus: "Working holiday visa",
        englishLevel: "Fluent",
        transport: true,
        ownEquipment: true,
        equipment: ["Vacuum cleaner", "Mop and bucket"],
      },
      payment: {
        bankName: "Westpac",
        accountName: "L Gomez",
        accountNumber: "••••5678",
        superFund: "AustralianSuper",
      },
      jobs: [],
    });
    const text = JSON.stringify(profile);
    for (const secret of ["032000", "12345678", "123456782", "M998877", "v1."]) {
      expect(text).not.toContain(secret);
    }
  });

  test("an unknown id has no profile", async () => {
    expect(await getCleanerProfile(database.db, "no-such-cleaner")).toBeNull();
  });

  test("a reveal answers the numbers and records who saw which fields, never the values", async () => {
    await applicant();
    const result = await revealPaymentDetails(
      database.db,
      { dataEncryptionKey: key },
      {
        cleanerId: "c-applicant",
        staffId: "owner-1",
        ip: "203.0.113.9",
        now: at,
      },
    );
    expect(result).toEqual({
      ok: true,
      payment: {
        bsb: "032000",
        accountNumber: "12345678",
        tfn: "123456782",
        superMemberNumber: "M998877",
      },
    });
    const audit = await database.db
      .selectFrom("audit_log")
      .select(["actor_type", "actor_id", "action", "subject_id", "details", "ip", "created_at"])
      .where("action", "=", CLEANER_PAYMENT_REVEALED)
      .execute();
    expect(audit).toEqual([
      {
        actor_type: "staff",
        actor_id: "owner-1",
        action: CLEANER_PAYMENT_REVEALED,
        subject_id: "c-applicant",
        details: JSON.stringify({ fields: ["bsb", "accountNumber", "tfn", "superMemberNumber"] }),
        ip: "203.0.113.9",
        created_at: at.toISOString(),
      },
    ]);
  });

  test("accepting an applicant makes them available, audits it and emails a welcome", async () => {
    await applicant();
    const before = await readContentVersion(database.db);
    const result = await setCleanerStatus(database.db, {
      cleanerId: "c-applicant",
      to: "available",
      actor: staff,
      now: at,
    });
    expect(result).toEqual({
      kind: "changed",
      change: { from: "pending_review", to: "available" },
      emailed: "welcome",
      released: 0,
    });
    const sent = await emails();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ topic: "cleaner.accepted", subject_id: "c-applicant" });
    const payload = JSON.parse(sent[0]!.payload) as Record<string, string>;
    expect(payload.to).toBe("lucia@example.com");
    expect(payload.text).toContain("Welcome to the team, Lucia!");
    const audit = await database.db
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("subject_id", "=", "c-applicant")
      .execute();
    expect(audit).toEqual([
      {
        action: CLEANER_STATUS_CHANGED,
        details: JSON.stringify({ from: "pending_review", to: "available" }),
      },
    ]);
    expect(await readContentVersion(database.db)).toBe(before + 1);
    // Now a working cleaner: the public page shows them.
    expect(await getPublicCleanerProfile(database.db, "c-applicant")).not.toBeNull();
  });

  test("other moves email nobody; the same status changes nothing; an unknown cleaner is not found", async () => {
    await insertCleaners(database.db, [{ id: "c-working", status: "available" }]);
    const change = (to: "busy" | "suspended" | "available") =>
      setCleanerStatus(database.db, { cleanerId: "c-working", to, actor: staff, now: at });
    expect(await change("busy")).toMatchObject({ kind: "changed", emailed: null });
    expect(await change("busy")).toEqual({ kind: "unchanged", released: 0 });
    expect(await change("suspended")).toMatchObject({ kind: "changed", emailed: null });
    expect(await emails()).toEqual([]);
    expect(
      await setCleanerStatus(database.db, { cleanerId: "nobody", to: "busy", actor: staff }),
    ).toEqual({ kind: "not-found" });
  });

  test("editing the public profile shows on /provider and bumps the content version", async () => {
    await insertCleaners(database.db, [{ id: "c-pub", name: "Tom Wu", status: "available" }]);
    const before = await readContentVersion(database.db);
    const result = await updatePublicProfile(
      database.db,
      "c-pub",
      form({
        about: "Ten years of careful cleaning.",
        workingHours: "7am-3pm",
        pricePerDay: "280.50",
        photoUrl: "https://images.unsplash.com/photo-2",
      }),
      { now: at },
    );
    expect(result).toEqual({ ok: true });
    expect(await readContentVersion(database.db)).toBe(before + 1);
    const shown = await getPublicCleanerProfile(database.db, "c-pub");
    expect(shown).toMatchObject({
      about: "Ten years of careful cleaning.",
      workingHours: "7am-3pm",
      photo: { kind: "unsplash", url: "https://images.unsplash.com/photo-2" },
    });
    // docs/decisions/0054-tax-invoice-receipts-and-one-price.md: visitors see one price, the
    // quote's hourly rate; the day rate stays with staff.
    expect(shown).not.toHaveProperty("pricePerDayCents");
    expect((await getCleanerProfile(database.db, "c-pub"))?.publicProfile).toEqual({
      about: "Ten years of careful cleaning.",
      workingHours: "7am-3pm",
      pricePerDay: "280.50",
      photoUrl: "https://images.unsplash.com/photo-2",
    });
  });

  test("a profile edit with a bad price or URL is refused by field; an unknown cleaner is not found", async () => {
    await insertCleaners(database.db, [{ id: "c-pub" }]);
    const refused = await updatePublicProfile(
      database.db,
      "c-pub",
      form({ pricePerDay: "a lot", photoUrl: "ftp://x" }),
    );
    expect(refused).toMatchObject({
      ok: false,
      kind: "invalid",
      fieldErrors: {
        pricePerDay: "Please enter a price per day in dollars, like 280 or 280.50.",
        photoUrl: "Please enter a valid URL, like https://images.unsplash.com/…",
      },
    });
    expect(await updatePublicProfile(database.db, "nobody", form({ about: "x" }))).toEqual({
      ok: false,
      kind: "not_found",
      message: PROFILE_TEXT.notFound,
    });
  });
});
