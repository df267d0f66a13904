import pino from "pino";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { verifyPassword } from "./password.server";
import { staffSessionToken, testConfig } from "./auth.test-helpers";
import { ensureFirstStaffAccount, saveStaffAccount } from "./staff-accounts.service.server";

const silent = pino({ level: "silent" });

describe.each(testDialects)("staff accounts on %s", (dialect) => {
  let database: TestDatabase;
  const staffRows = () => database.db.selectFrom("staff_users").selectAll().execute();

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("a new email makes a new account with a hashed password", async () => {
    const result = await saveStaffAccount(database.db, {
      name: "Olivia Owner",
      email: " Olivia@Harbour.Example ",
      password: "correct horse battery",
    });
    expect(result.status).toBe("created");
    const [row] = await staffRows();
    expect(row).toMatchObject({
      email: "olivia@harbour.example",
      name: "Olivia Owner",
      totp_enabled: 0,
    });
    expect(row!.password_hash).toMatch(/^scrypt\$/);
    expect(await verifyPassword("correct horse battery", row!.password_hash)).toBe(true);
  });

  test("passwords shorter than 12 characters are refused", async () => {
    await expect(
      saveStaffAccount(database.db, {
        name: "A",
        email: "a@harbour.example",
        password: "short-pass1",
      }),
    ).rejects.toThrow(/at least 12 characters/);
  });

  test("an existing email gets the new password and is signed out everywhere", async () => {
    const { id } = await saveStaffAccount(database.db, {
      name: "Olivia",
      email: "olivia@harbour.example",
      password: "first password here",
    });
    await staffSessionToken(database.db, testConfig(), id, {
      ip: "1.1.1.1",
      userAgent: null,
      previousToken: null,
    });
    const result = await saveStaffAccount(database.db, {
      name: "Olivia Owner",
      email: "OLIVIA@harbour.example",
      password: "second password here",
    });
    expect(result).toEqual({ status: "updated", id });
    const rows = await staffRows();
    expect(rows).toHaveLength(1);
    expect(await verifyPassword("second password here", rows[0]!.password_hash)).toBe(true);
    expect(await database.db.selectFrom("sessions").selectAll().execute()).toEqual([]);
  });

  test("the first start with ADMIN_EMAIL and ADMIN_PASSWORD makes the first account, once", async () => {
    const config = {
      ADMIN_EMAIL: "owner@harbour.example",
      ADMIN_PASSWORD: "a long admin password",
    };
    expect(await ensureFirstStaffAccount(database.db, config, silent)).toBe(true);
    expect(
      await ensureFirstStaffAccount(
        database.db,
        { ...config, ADMIN_EMAIL: "x@harbour.example" },
        silent,
      ),
    ).toBe(false);
    const rows = await staffRows();
    expect(rows.map((row) => row.email)).toEqual(["owner@harbour.example"]);
  });

  test("no first account without both variables, or with a short password", async () => {
    expect(
      await ensureFirstStaffAccount(
        database.db,
        { ADMIN_EMAIL: "o@h.example", ADMIN_PASSWORD: undefined },
        silent,
      ),
    ).toBe(false);
    expect(
      await ensureFirstStaffAccount(
        database.db,
        { ADMIN_EMAIL: "o@h.example", ADMIN_PASSWORD: "short" },
        silent,
      ),
    ).toBe(false);
    expect(await staffRows()).toEqual([]);
  });
});
