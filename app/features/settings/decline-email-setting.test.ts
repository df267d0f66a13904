import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { parseForm } from "~/lib/forms";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import {
  DeclineEmailFormSchema,
  DEFAULT_DECLINE_EMAIL_TEXT,
  declineEmailParagraphs,
} from "./decline-email-setting";
import {
  getDeclineEmailText,
  updateDeclineEmailText,
} from "./decline-email-setting.service.server";

// docs/decisions/0056-application-outcomes-and-documents.md: the decline email's words
// are an owner's setting, with a courteous default.

function form(text: string) {
  const body = new FormData();
  body.set("declineEmailText", text);
  return body;
}

describe("the decline email form", () => {
  test("a blank or over-long message is refused beside the field", () => {
    expect(parseForm(form("   "), DeclineEmailFormSchema)).toMatchObject({
      ok: false,
      fieldErrors: { declineEmailText: "Write the message a declined applicant receives" },
    });
    expect(parseForm(form("a".repeat(2001)), DeclineEmailFormSchema)).toMatchObject({
      ok: false,
      fieldErrors: { declineEmailText: "Keep the message under 2000 characters" },
    });
  });

  test("paragraphs are split at blank lines", () => {
    expect(declineEmailParagraphs("One.\r\n\r\nTwo,\nstill two.\n\n\n")).toEqual([
      "One.",
      "Two,\nstill two.",
    ]);
    expect(declineEmailParagraphs(DEFAULT_DECLINE_EMAIL_TEXT)).toHaveLength(3);
  });
});

describe.each(testDialects)("the decline email setting on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("the default until an owner saves their own words, each change audited once", async () => {
    expect(await getDeclineEmailText(database.db)).toBe(DEFAULT_DECLINE_EMAIL_TEXT);
    const actor = { staffId: "owner-1", ip: null };
    await updateDeclineEmailText(database.db, "Thank you for applying.", actor);
    await updateDeclineEmailText(database.db, "Thank you for applying.", actor);
    expect(await getDeclineEmailText(database.db)).toBe("Thank you for applying.");
    const audit = await database.db
      .selectFrom("audit_log")
      .select(["action", "actor_id"])
      .where("subject_type", "=", "settings")
      .execute();
    expect(audit).toEqual([{ action: "settings.decline_email_updated", actor_id: "owner-1" }]);
  });
});
