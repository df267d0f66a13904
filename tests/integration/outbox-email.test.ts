import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { renderEmail } from "~/features/outbox/email/render-email";
import { listDeliveries } from "~/features/outbox/deliveries.service.server";
import { enqueueEmail } from "~/features/outbox/outbox.service.server";
import { DEFAULT_BUSINESS_PROFILE } from "~/features/settings/business-profile";
import type { AppConfig } from "~/server/config.server";
import { startWorker, type Worker } from "~/features/outbox/worker.server";
import { parseMail, startSmtpReceiver, type SmtpReceiver } from "../fakes/smtp-receiver";
import {
  createClock,
  findAttempts,
  findMessage,
  silentLogger,
  testConfig,
} from "../helpers/outbox";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/test-database";

const content = renderEmail(
  {
    heading: "Your booking is confirmed",
    paragraphs: [
      "We will see you on Tue 3 Dec 2026 at 9:00 am.",
      "Free cancellation 24 hours ahead.",
    ],
    action: { label: "View your booking", url: "https://example.com/account/bookings" },
  },
  DEFAULT_BUSINESS_PROFILE,
);

describe.each(testDialects)("email delivery on %s", (dialect) => {
  let database: TestDatabase;
  let worker: Worker | undefined;
  const clock = createClock();

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    await database.destroy();
  });

  function start(config: AppConfig) {
    worker = startWorker({
      db: database.db,
      dialect,
      config,
      logger: silentLogger,
      poll: false,
      attemptTimeoutMs: 2000,
      now: clock.now,
    });
    return worker;
  }

  async function enqueue() {
    return database.db.transaction().execute((trx) =>
      enqueueEmail(trx, {
        to: "olivia@example.com",
        subject: "Your booking is confirmed",
        ...content,
        topic: "email.booking_confirmed",
        subjectType: "booking",
        subjectId: "booking-1",
      }),
    );
  }

  describe("through SMTP", () => {
    let smtp: SmtpReceiver;
    beforeEach(async () => {
      smtp = await startSmtpReceiver();
    });
    afterEach(async () => {
      await smtp.close();
    });

    test("arrives with its subject, an HTML part and a text part, from the business", async () => {
      const run = start(testConfig({ SMTP_URL: smtp.url }));
      const id = await enqueue();
      expect(await run.runOnce()).toBe(1);

      expect(smtp.messages).toHaveLength(1);
      const [mail] = smtp.messages;
      expect(mail!.envelopeTo).toEqual(["olivia@example.com"]);
      expect(mail!.envelopeFrom).toBe(DEFAULT_BUSINESS_PROFILE.email);
      expect(mail!.parsed.subject).toBe("Your booking is confirmed");
      expect(mail!.parsed.headers.get("from")).toBe(
        `"${DEFAULT_BUSINESS_PROFILE.name}" <${DEFAULT_BUSINESS_PROFILE.email}>`,
      );
      expect(mail!.parsed.headers.get("message-id")).toContain(id);
      expect(mail!.parsed.html).toContain("Your booking is confirmed");
      expect(mail!.parsed.html).toContain('href="https://example.com/account/bookings"');
      expect(mail!.parsed.text).toContain(
        "View your booking: https://example.com/account/bookings",
      );

      expect(await findMessage(database.db, id)).toMatchObject({
        status: "delivered",
        attempts: 1,
      });
      expect(await findAttempts(database.db, id)).toMatchObject([
        { target: "smtp", outcome: "delivered" },
      ]);
      const { deliveries } = await listDeliveries(database.db, { kind: "email", limit: 10 });
      expect(deliveries[0]!.email).toEqual({
        to: "olivia@example.com",
        subject: "Your booking is confirmed",
      });
    });

    test("a refused message is retried on the outbox's schedule", async () => {
      smtp.refuse(1);
      const run = start(
        testConfig({ SMTP_URL: smtp.url, MAIL_FROM: "Bookings <bookings@example.com>" }),
      );
      const id = await enqueue();
      await run.runOnce();
      const failed = await findMessage(database.db, id);
      expect(failed.status).toBe("retrying");
      expect(failed.last_error).toContain("451");
      expect(failed.last_error).not.toContain("olivia@example.com");

      clock.advance(1000);
      await run.runOnce();
      expect(await findMessage(database.db, id)).toMatchObject({
        status: "delivered",
        attempts: 2,
      });
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]!.parsed.headers.get("from")).toBe("Bookings <bookings@example.com>");
    });
  });

  test("without SMTP_URL the message is written as an .eml file in the data folder", async () => {
    const config = testConfig();
    const run = start(config);
    const id = await enqueue();
    await run.runOnce();

    const file = path.join(config.dataDir, "mail", `${id}.eml`);
    expect(existsSync(file)).toBe(true);
    const mail = parseMail(readFileSync(file, "utf8"));
    expect(mail.subject).toBe("Your booking is confirmed");
    expect(mail.headers.get("to")).toBe("olivia@example.com");
    expect(mail.html).toContain("Free cancellation 24 hours ahead.");
    expect(mail.text).toContain("Free cancellation 24 hours ahead.");
    expect(await findAttempts(database.db, id)).toMatchObject([
      { target: "file", outcome: "delivered" },
    ]);
  });
});
