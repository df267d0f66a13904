import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { queuedEmails } from "../../../tests/helpers/outbox";
import { updateNotificationSettings } from "~/features/settings/settings.service.server";
import { storeApplicantPhoto } from "~/features/uploads/uploads.service.server";
import { decryptField } from "~/lib/crypto.server";
import { APPLICATION_TEXT } from "./application-copy";
import {
  applicationFormData,
  INITIAL_ANSWERS,
  type ApplicationAnswers,
  type PaymentAnswers,
} from "./application-form";
import { submitApplication } from "./applications.service.server";

// docs/product/back-office.md#cleaner-application-wizard, #entities-and-fields and
// docs/decisions/0011-encrypted-bank-details.md: what an application stores, and what it never
// stores in plain text.

const config = { dataEncryptionKey: randomBytes(32).toString("base64") };
const TFN = "123456782";
const ACCOUNT = "9876543210";

const answers: ApplicationAnswers = {
  ...INITIAL_ANSWERS,
  name: "Mia Rossi",
  email: "Mia.Rossi@example.com",
  phone: "0412 345 678",
  experience: "2-5",
  visaStatus: "working_holiday",
  englishProficiency: "fluent",
  hasPoliceCheck: true,
  policeCheckDate: "2026-03-14",
  hasAbn: true,
  abnNumber: "51824753556",
  hasTransport: true,
  preferredAreas: "Eastern Suburbs",
  availability: ["Monday", "Saturday"],
  languages: ["English", "Portuguese"],
  message: "Weekends suit me best.",
  hasOwnEquipment: true,
  ownedEquipment: ["vacuum", "gloves"],
};

const payment: PaymentAnswers = {
  bankName: "Harbour Bank",
  accountName: "M Rossi",
  bsb: "062000",
  accountNumber: ACCOUNT,
  tfn: TFN,
  superFund: "Coastal Super",
  superMemberNumber: "CS778812",
};

describe.each(testDialects)("an application to join the team on %s", (dialect) => {
  let database: TestDatabase;
  let dataDir: string;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    dataDir = mkdtempSync(path.join(os.tmpdir(), "hg-apply-"));
  });
  afterEach(async () => {
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const cleanerRow = (id: string) =>
    database.db.selectFrom("cleaners").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  test("becomes a pending_review cleaner with the spec's fields, photo claimed", async () => {
    const bytes = await sharp({
      create: { width: 300, height: 400, channels: 3, background: "#ccb" },
    })
      .jpeg()
      .toBuffer();
    const photo = await storeApplicantPhoto(database.db, { dataDir }, { bytes });
    if (!photo.ok) throw new Error(photo.message);
    const form = applicationFormData({ ...answers, photo: photo.upload }, payment);
    const result = await submitApplication(database.db, config, form);
    if (!result.ok) throw new Error(result.kind);

    const row = await cleanerRow(result.cleanerId);
    expect(row).toMatchObject({
      name: "Mia Rossi",
      email: "Mia.Rossi@example.com",
      phone: "0412 345 678",
      photo: photo.upload.url,
      status: "pending_review",
      source: "application",
      experience: "2-5",
      has_abn: 1,
      abn_number: "51824753556",
      has_transport: 1,
      preferred_areas: "Eastern Suburbs",
      additional_notes: "Weekends suit me best.",
      bank_name: "Harbour Bank",
      account_name: "M Rossi",
      account_last4: "3210",
      super_fund: "Coastal Super",
    });
    expect(JSON.parse(row.services)).toEqual(["Residential", "Commercial"]);
    expect(JSON.parse(row.availability)).toEqual(["Monday", "Saturday"]);
    expect(JSON.parse(row.languages)).toEqual(["English", "Portuguese"]);
    expect(JSON.parse(row.additional_metadata!)).toEqual({
      visa_status: "working_holiday",
      english_proficiency: "fluent",
      has_police_check: true,
      police_check_date: "2026-03-14",
      has_own_equipment: true,
      owned_equipment: ["vacuum", "gloves"],
    });
    const upload = await database.db
      .selectFrom("uploads")
      .selectAll()
      .where("id", "=", photo.upload.id)
      .executeTakeFirstOrThrow();
    expect(upload.cleaner_id).toBe(result.cleanerId);
    expect(upload.claimed_at).not.toBeNull();
  });

  test("the TFN, BSB, account and member numbers are stored only as ciphertext", async () => {
    const result = await submitApplication(
      database.db,
      config,
      applicationFormData(answers, payment),
    );
    if (!result.ok) throw new Error(result.kind);
    const row = await cleanerRow(result.cleanerId);
    expect(decryptField(config.dataEncryptionKey, row.tfn_encrypted!)).toBe(TFN);
    expect(decryptField(config.dataEncryptionKey, row.bsb_encrypted!)).toBe("062000");
    expect(decryptField(config.dataEncryptionKey, row.account_number_encrypted!)).toBe(ACCOUNT);
    expect(decryptField(config.dataEncryptionKey, row.super_member_number_encrypted!)).toBe(
      "CS778812",
    );
    // Nothing in the database (the row, the staff email in the outbox) holds them in plain text.
    const everything = JSON.stringify([
      await database.db.selectFrom("cleaners").selectAll().execute(),
      await database.db.selectFrom("outbox_messages").selectAll().execute(),
    ]);
    for (const secret of [TFN, ACCOUNT, "062000", "CS778812"]) {
      expect(everything).not.toContain(secret);
    }
  });

  test("payment details are left out when no bank name is given", async () => {
    const withoutBank = { ...payment, bankName: "" };
    const result = await submitApplication(
      database.db,
      config,
      applicationFormData(answers, withoutBank),
    );
    if (!result.ok) throw new Error(result.kind);
    expect(await cleanerRow(result.cleanerId)).toMatchObject({
      bank_name: null,
      account_name: null,
      bsb_encrypted: null,
      account_number_encrypted: null,
      account_last4: null,
      tfn_encrypted: null,
      super_fund: null,
      super_member_number_encrypted: null,
    });
  });

  test("the team is emailed who applied, without bank or tax details", async () => {
    const result = await submitApplication(
      database.db,
      config,
      applicationFormData(answers, payment),
    );
    if (!result.ok) throw new Error(result.kind);
    const emails = await queuedEmails(database.db);
    const email = emails.find((queued) => queued.topic === "cleaner.applied");
    expect(email).toMatchObject({ subjectType: "cleaner", subjectId: result.cleanerId });
    expect(email!.subject).toBe("New cleaner application: Mia Rossi");
    expect(email!.replyTo).toBe("Mia.Rossi@example.com");
    expect(email!.text).toContain("Experience: 2-5 years. Visa: Working holiday visa.");
  });

  test("the applicant hears that their application arrived, even with staff emails off", async () => {
    await updateNotificationSettings(
      database.db,
      { email: false, sms: false },
      { staffId: "staff-1", ip: null },
    );
    const result = await submitApplication(
      database.db,
      config,
      applicationFormData(answers, payment),
    );
    if (!result.ok) throw new Error(result.kind);
    const emails = await queuedEmails(database.db);
    expect(emails.map((email) => email.topic)).toEqual(["application.acknowledged"]);
    const [email] = emails;
    expect(email).toMatchObject({
      subjectId: result.cleanerId,
      to: "Mia.Rossi@example.com",
      subject: "We have your application | Harbour & Gold Cleaning",
    });
    expect(email!.text).toContain("Hello Mia,");
    expect(email!.text).toContain("We'll review your application and contact you soon.");
    // Nothing they told us beyond their name: no phone, bank or tax detail.
    for (const detail of ["0412 345 678", TFN, ACCOUNT, "Harbour Bank", "51824753556"]) {
      expect(email!.text).not.toContain(detail);
    }
  });

  test("an email already registered, in any case, is refused with the spec's message", async () => {
    expect(
      (await submitApplication(database.db, config, applicationFormData(answers, payment))).ok,
    ).toBe(true);
    const again = { ...answers, email: "mia.rossi@EXAMPLE.com" };
    const result = await submitApplication(
      database.db,
      config,
      applicationFormData(again, payment),
    );
    expect(result).toEqual({ ok: false, kind: "duplicate-email" });
    const count = await database.db
      .selectFrom("cleaners")
      .select(sql<number>`count(*)`.as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  test("two applications with one email at once leave one cleaner and one refusal", async () => {
    const results = await Promise.all([
      submitApplication(database.db, config, applicationFormData(answers, payment)),
      submitApplication(
        database.db,
        config,
        applicationFormData({ ...answers, email: "mia.rossi@example.com" }, payment),
      ),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual([
      { ok: false, kind: "duplicate-email" },
    ]);
    const rows = await database.db.selectFrom("cleaners").select("id").execute();
    const emails = await queuedEmails(database.db);
    expect(rows).toHaveLength(1);
    expect(emails.map((email) => email.topic).sort()).toEqual([
      "application.acknowledged",
      "cleaner.applied",
    ]);
  });

  test("invalid answers are refused with their messages, and nothing is stored", async () => {
    const result = await submitApplication(
      database.db,
      config,
      applicationFormData(
        { ...answers, hasAbn: true, abnNumber: "123" },
        { ...payment, tfn: "12" },
      ),
    );
    expect(result).toEqual({
      ok: false,
      kind: "invalid",
      fieldErrors: {
        abnNumber: "ABN must be exactly 11 digits",
        tfn: "Tax file number must be exactly 9 digits",
      },
    });
    expect(await database.db.selectFrom("cleaners").select("id").execute()).toHaveLength(0);
  });

  test("a photo that is not there (removed, or another application's) is refused", async () => {
    const missing = { id: "00000000-0000-4000-8000-000000000000", url: "/api/uploads/x" };
    const result = await submitApplication(
      database.db,
      config,
      applicationFormData({ ...answers, photo: missing }, payment),
    );
    expect(result).toEqual({ ok: false, kind: "photo-unavailable" });
  });
});

describe.each(testDialects)("an applicant's photo on %s", (dialect) => {
  let database: TestDatabase;
  let dataDir: string;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    dataDir = mkdtempSync(path.join(os.tmpdir(), "hg-apply-photo-"));
  });
  afterEach(async () => {
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("is judged by its bytes: a renamed text file and a GIF are refused, PNG and WebP taken", async () => {
    const solid = sharp({ create: { width: 40, height: 40, channels: 3, background: "#fff" } });
    const store = (bytes: Buffer) => storeApplicantPhoto(database.db, { dataDir }, { bytes });
    const notAPhoto = { ok: false, kind: "unsupported", message: APPLICATION_TEXT.photoType };
    expect(await store(Buffer.from("not a photo at all, just text"))).toEqual(notAPhoto);
    expect(await store(await solid.clone().gif().toBuffer())).toEqual(notAPhoto);
    expect((await store(await solid.clone().png().toBuffer())).ok).toBe(true);
    expect((await store(await solid.clone().webp().toBuffer())).ok).toBe(true);
  });

  test("5MB or more is refused before it is decoded", async () => {
    const big = Buffer.alloc(5 * 1024 * 1024, 0);
    big.set([0xff, 0xd8, 0xff], 0);
    expect(await storeApplicantPhoto(database.db, { dataDir }, { bytes: big })).toEqual({
      ok: false,
      kind: "too_large",
      message: APPLICATION_TEXT.photoSize,
    });
  });
});
