import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { decryptField, encryptField } from "~/lib/crypto.server";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { getCleanerProfile } from "./cleaner-profile.service.server";
import {
  CLEANER_BANK_DETAILS_CHANGED,
  CLEANER_DETAILS_CHANGED,
  updateCleanerBankDetails,
  updateCleanerDetails,
} from "./cleaner-details.service.server";
import { insertCleaners } from "./cleaner.test-data";

// docs/decisions/0055-cleaner-edits-and-audit-log.md: editing a cleaner's contact
// details, services and bank details from the profile, each change audited by field name only.

const config = { dataEncryptionKey: randomBytes(32).toString("base64") };
const actor = { staffId: "staff-1", ip: "203.0.113.9" };

function form(fields: Record<string, string | string[]>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  }
  return body;
}

const details = (overrides: Record<string, string | string[]> = {}) =>
  form({
    name: "Mei Lin Chen",
    email: "mei@example.com",
    phone: "0491 570 157",
    location: "Bondi Junction",
    preferredAreas: "",
    services: ["Residential"],
    ...overrides,
  });

describe.each(testDialects)("editing a cleaner's details on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  const auditOf = (cleanerId: string) =>
    database.db
      .selectFrom("audit_log")
      .select(["action", "actor_id", "details", "ip"])
      .where("subject_id", "=", cleanerId)
      .execute();

  test("a change of email, phone and services is stored and audited by field name", async () => {
    const [id] = (await insertCleaners(database.db, [{ email: "mei@example.com" }])) as [string];
    const result = await updateCleanerDetails(
      database.db,
      id,
      details({
        email: "Mei.Chen@Example.com",
        phone: "0412 345 678",
        services: ["Residential", "End of Lease"],
        preferredAreas: "Eastern Suburbs",
      }),
      actor,
    );
    expect(result).toEqual({
      ok: true,
      changed: ["email", "phone", "preferredAreas", "services"],
    });
    const profile = await getCleanerProfile(database.db, id);
    expect(profile).toMatchObject({
      email: "mei.chen@example.com",
      phone: "0412 345 678",
      services: ["Residential", "End of Lease"],
      preferredAreas: "Eastern Suburbs",
    });
    const audit = await auditOf(id);
    expect(audit).toEqual([
      {
        action: CLEANER_DETAILS_CHANGED,
        actor_id: "staff-1",
        ip: "203.0.113.9",
        details: JSON.stringify({ fields: ["email", "phone", "preferredAreas", "services"] }),
      },
    ]);
    expect(audit[0]!.details).not.toContain("0412");
  });

  test("saving the form unchanged writes nothing", async () => {
    const [id] = (await insertCleaners(database.db, [{ email: "mei@example.com" }])) as [string];
    expect(await updateCleanerDetails(database.db, id, details(), actor)).toEqual({
      ok: true,
      changed: [],
    });
    expect(await auditOf(id)).toEqual([]);
  });

  test("another cleaner's email address is refused beside the field, whatever its case", async () => {
    const [id] = (await insertCleaners(database.db, [
      { email: "mei@example.com" },
      { email: "sam@example.com" },
    ])) as [string];
    const result = await updateCleanerDetails(
      database.db,
      id,
      details({ email: "SAM@example.com" }),
      actor,
    );
    expect(result).toMatchObject({
      ok: false,
      kind: "conflict",
      fieldErrors: { email: "A cleaner with this email address already exists." },
    });
    expect((await getCleanerProfile(database.db, id))?.email).toBe("mei@example.com");
    expect(await auditOf(id)).toEqual([]);
  });

  test("bad fields answer their messages and change nothing", async () => {
    const [id] = (await insertCleaners(database.db, [{ email: "mei@example.com" }])) as [string];
    const result = await updateCleanerDetails(
      database.db,
      id,
      details({ name: " ", email: "not-an-email", phone: "12", services: ["Gardening"] }),
      actor,
    );
    expect(result).toMatchObject({
      ok: false,
      kind: "invalid",
      fieldErrors: {
        name: "Please enter the cleaner's name.",
        email: "Please enter a valid email address, like name@example.com.",
        phone: "Please enter a phone number we can call, like 0412 345 678.",
        services: "Please choose services from the list.",
      },
    });
    expect(await auditOf(id)).toEqual([]);
  });

  test("an unknown cleaner is not found", async () => {
    expect(await updateCleanerDetails(database.db, "no-such-id", details(), actor)).toMatchObject({
      ok: false,
      kind: "not_found",
    });
  });
});

describe.each(testDialects)("editing a cleaner's bank details on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  const secretsOf = (id: string) =>
    database.db
      .selectFrom("cleaners")
      .select(["bank_name", "bsb_encrypted", "account_number_encrypted", "account_last4"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();

  const bankAudit = (id: string) =>
    database.db
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("subject_id", "=", id)
      .where("action", "=", CLEANER_BANK_DETAILS_CHANGED)
      .execute();

  test("new numbers are stored encrypted, shown masked, and audited without their values", async () => {
    const [id] = (await insertCleaners(database.db, [{}])) as [string];
    const result = await updateCleanerBankDetails(
      database.db,
      config,
      id,
      form({
        bankName: "Harbour Bank",
        accountName: "M L Chen",
        bsb: "062-000",
        accountNumber: "12345678",
      }),
      actor,
    );
    expect(result).toEqual({
      ok: true,
      changed: ["bankName", "accountName", "bsb", "accountNumber"],
    });
    const stored = await secretsOf(id);
    expect(stored.bsb_encrypted).not.toContain("062000");
    expect(decryptField(config.dataEncryptionKey, stored.bsb_encrypted!)).toBe("062000");
    expect(decryptField(config.dataEncryptionKey, stored.account_number_encrypted!)).toBe(
      "12345678",
    );
    const profile = await getCleanerProfile(database.db, id);
    expect(profile?.payment).toMatchObject({
      bankName: "Harbour Bank",
      bsb: "•••-•••",
      accountNumber: "••••5678",
    });
    const audit = await bankAudit(id);
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.details!)).toEqual({
      fields: ["bankName", "accountName", "bsb", "accountNumber"],
    });
    expect(audit[0]!.details).not.toMatch(/062|1234|5678|Harbour/);
  });

  test("blank numbers keep the stored ones; the same number typed again is no change", async () => {
    const [id] = (await insertCleaners(database.db, [
      {
        bank_name: "Harbour Bank",
        account_name: "M L Chen",
        bsb_encrypted: encryptField(config.dataEncryptionKey, "062000"),
        account_number_encrypted: encryptField(config.dataEncryptionKey, "12345678"),
        account_last4: "5678",
      },
    ])) as [string];
    const before = await secretsOf(id);
    const result = await updateCleanerBankDetails(
      database.db,
      config,
      id,
      form({ bankName: "Harbour Bank", accountName: "M L Chen", bsb: "062000", accountNumber: "" }),
      actor,
    );
    expect(result).toEqual({ ok: true, changed: [] });
    expect(await secretsOf(id)).toEqual(before);
    expect(await bankAudit(id)).toEqual([]);

    const renamed = await updateCleanerBankDetails(
      database.db,
      config,
      id,
      form({ bankName: "Gold Bank", accountName: "M L Chen", bsb: "", accountNumber: "99887766" }),
      actor,
    );
    expect(renamed).toEqual({ ok: true, changed: ["bankName", "accountNumber"] });
    const after = await secretsOf(id);
    expect(after.bsb_encrypted).toBe(before.bsb_encrypted);
    expect(after.account_last4).toBe("7766");
  });

  test("a BSB or account number that is not one is refused beside its field", async () => {
    const [id] = (await insertCleaners(database.db, [{}])) as [string];
    const result = await updateCleanerBankDetails(
      database.db,
      config,
      id,
      form({ bankName: "", accountName: "", bsb: "12345", accountNumber: "12345678901" }),
      actor,
    );
    expect(result).toMatchObject({
      ok: false,
      kind: "invalid",
      fieldErrors: {
        bsb: "BSB must be exactly 6 digits",
        accountNumber: "Account number must be up to 10 digits",
      },
    });
    expect((await secretsOf(id)).bsb_encrypted).toBeNull();
    expect(await bankAudit(id)).toEqual([]);
  });
});
