import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { verifyPassword } from "~/features/auth/password.server";
import { loadConfig } from "~/server/config.server";
import { prepareDatabase } from "~/startup.server";
import { standInDemoPhotosDir } from "../helpers/committed-assets";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/test-database";

function capturingLogger() {
  const lines: string[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(line) });
  return { logger, messages: () => lines.map((line) => (JSON.parse(line) as { msg: string }).msg) };
}

const count = (database: TestDatabase, table: "quotes" | "cleaners" | "suburbs") =>
  database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));

describe.each(testDialects)("preparing the database at start on %s", (dialect) => {
  let database: TestDatabase;
  let dataDir: string;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    dataDir = mkdtempSync(path.join(os.tmpdir(), "hg-start-"));
  });
  afterEach(async () => {
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("a development start fills an empty database once and prints the demo login", async () => {
    // Tiny stand-ins for the demo photos: encoding the real ones would add seconds, and what
    // they show is demo-seed-photos.test.ts's business.
    const config = loadConfig({
      APP_ENV: "development",
      DATA_DIR: dataDir,
      DEMO_PHOTOS_DIR: standInDemoPhotosDir(),
    });
    const first = capturingLogger();
    await prepareDatabase({ db: database.db, config, logger: first.logger });

    // The committed NSW list, every row with a postcode.
    expect(await count(database, "suburbs")).toBe(4586);
    expect(await count(database, "quotes")).toBe(300);
    // The printed logins, an owner and a member of staff, are ones that work.
    const printed = first
      .messages()
      .map((m) => /^Demo (owner|staff) login: (\S+) \/ (\S+)$/.exec(m))
      .filter((match) => match !== null);
    expect(printed.map((match) => match[1])).toEqual(["owner", "staff"]);
    for (const [, role, email, password] of printed) {
      const staff = await database.db
        .selectFrom("staff_users")
        .select(["password_hash", "role"])
        .where("email", "=", email!)
        .executeTakeFirstOrThrow();
      expect(staff.role).toBe(role);
      expect(await verifyPassword(password!, staff.password_hash)).toBe(true);
    }

    const second = capturingLogger();
    await prepareDatabase({ db: database.db, config, logger: second.logger });
    expect(await count(database, "quotes")).toBe(300);
    expect(second.messages().join("\n")).not.toMatch(/Demo (owner|staff) login/);
  });

  test("a production start loads the suburbs and never seeds", async () => {
    const config = loadConfig({
      APP_ENV: "production",
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      SESSION_SECRET: "s".repeat(40),
      DATA_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    });
    const { logger, messages } = capturingLogger();
    await prepareDatabase({ db: database.db, config, logger });

    // The committed NSW list, every row with a postcode.
    expect(await count(database, "suburbs")).toBe(4586);
    expect(await count(database, "quotes")).toBe(0);
    expect(await count(database, "cleaners")).toBe(0);
    expect(messages().join("\n")).not.toMatch(/Demo (owner|staff) login/);
  });
});
