import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { getAssignOptions } from "~/features/assignments/assignments.service.server";
import { updateDeclineEmailText } from "~/features/settings/decline-email-setting.service.server";
import { readUpload } from "~/features/uploads/uploads.service.server";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import {
  attachApplicationDocument,
  openApplicationDocument,
  PRIVATE_DOCUMENTS_PREFIX,
  removeApplicationDocument,
} from "./application-documents.service.server";
import { APPLICATION_AUDIT, APPLICATION_TEXT } from "./application-review";
import {
  addApplicationNote,
  declineApplication,
  getApplicationReview,
  reopenApplication,
} from "./application-review.service.server";
import { listCleaners } from "./cleaner-directory.service.server";
import { readDirectoryFilter } from "./cleaner-directory";
import { setCleanerStatus } from "./cleaner-profile.service.server";
import { insertCleaners } from "./cleaner.test-data";

// docs/decisions/0056-application-outcomes-and-documents.md: an application is declined
// with a reason, apart from the cleaner's status; staff keep notes on it and attach documents,
// which are stored privately and reach nobody but through the guarded download.

const OWNER = "owner-1";
const owner = { staffId: OWNER, ip: "203.0.113.9" };
const at = new Date("2026-11-26T01:00:00.000Z");

function form(fields: Record<string, string | File>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
}

// The upload checks' words (app/features/uploads/upload-messages.ts).
const NOT_A_DOCUMENT = "This file is not one we can keep. Please choose a PDF, JPEG or PNG.";
const NO_FILE = "Choose a file to attach.";
const TOO_LARGE = "This file is larger than 10 MB. Please choose a smaller one.";

const PDF = Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n");

describe.each(testDialects)("an application's review on %s", (dialect) => {
  let database: TestDatabase;
  let config: { dataDir: string };
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    config = { dataDir: mkdtempSync(path.join(os.tmpdir(), "hg-documents-")) };
    const created = at.toISOString();
    await database.db
      .insertInto("staff_users")
      .values([
        {
          id: OWNER,
          email: "owner@example.com",
          name: "Olivia Owner",
          password_hash: "x",
          role: "owner",
          created_at: created,
          updated_at: created,
        },
        {
          id: "staff-2",
          email: "staff@example.com",
          name: "Sam Staff",
          password_hash: "x",
          role: "staff",
          created_at: created,
          updated_at: created,
        },
      ])
      .execute();
    await insertCleaners(database.db, [
      {
        id: "c-applicant",
        name: "Lucia Rossi",
        email: "lucia@example.com",
        status: "pending_review",
      },
      { id: "c-working", name: "Tom Wu", status: "available" },
    ]);
  });
  afterEach(async () => {
    await database.destroy();
    rmSync(config.dataDir, { recursive: true, force: true });
  });

  const emails = () =>
    database.db
      .selectFrom("outbox_messages")
      .select(["topic", "subject_id", "payload"])
      .where("kind", "=", "email")
      .execute();

  const audit = (action: string) =>
    database.db
      .selectFrom("audit_log")
      .select(["actor_id", "subject_id", "details"])
      .where("action", "=", action)
      .execute();

  test("declining needs a reason, said beside the field, and changes nothing without one", async () => {
    const result = await declineApplication(
      database.db,
      "c-applicant",
      form({ reason: "  " }),
      owner,
    );
    expect(result).toMatchObject({
      ok: false,
      kind: "invalid",
      fieldErrors: { reason: "Say why the application is declined" },
    });
    expect(await emails()).toEqual([]);
    expect(
      (await getApplicationReview(database.db, "c-applicant", { withDocuments: false }))?.declined,
    ).toBeNull();
  });

  test("a declined application keeps its reason, is audited, and the applicant is emailed the settings' words", async () => {
    await updateDeclineEmailText(
      database.db,
      "Thank you for applying.\n\nWe have filled every place this season.",
      owner,
    );
    const result = await declineApplication(
      database.db,
      "c-applicant",
      form({ reason: "No right to work in Australia yet." }),
      owner,
      at,
    );
    expect(result).toEqual({ ok: true });

    const review = await getApplicationReview(database.db, "c-applicant", { withDocuments: false });
    expect(review).toMatchObject({
      applicant: true,
      declined: {
        reason: "No right to work in Australia yet.",
        at: at.toISOString(),
        by: "Olivia Owner",
      },
    });
    const cleaner = await database.db
      .selectFrom("cleaners")
      .select(["status"])
      .where("id", "=", "c-applicant")
      .executeTakeFirstOrThrow();
    // Declined is the application's outcome, not a suspension.
    expect(cleaner.status).toBe("pending_review");
    expect(await audit(APPLICATION_AUDIT.declined)).toEqual([
      {
        actor_id: OWNER,
        subject_id: "c-applicant",
        details: JSON.stringify({ reason: "No right to work in Australia yet." }),
      },
    ]);

    const sent = await emails();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ topic: "cleaner.declined", subject_id: "c-applicant" });
    const payload = JSON.parse(sent[0]!.payload) as Record<string, string>;
    expect(payload.to).toBe("lucia@example.com");
    expect(payload.text).toContain("Thank you, Lucia");
    expect(payload.text).toContain("We have filled every place this season.");
    // The reason is for staff only.
    expect(payload.text).not.toContain("right to work");
    expect(payload.html).not.toContain("right to work");

    // A second decline neither emails nor overwrites.
    expect(
      await declineApplication(database.db, "c-applicant", form({ reason: "Again" }), owner),
    ).toMatchObject({ ok: false, kind: "conflict", message: APPLICATION_TEXT.alreadyDeclined });
    expect(await emails()).toHaveLength(1);
  });

  test("without a saved text the decline email says the default courteous words", async () => {
    await declineApplication(database.db, "c-applicant", form({ reason: "Not now" }), owner, at);
    const payload = JSON.parse((await emails())[0]!.payload) as Record<string, string>;
    expect(payload.text).toContain("not able to offer you a place on the team at the moment");
  });

  test("only an applicant's application can be declined", async () => {
    expect(
      await declineApplication(database.db, "c-working", form({ reason: "Late twice" }), owner),
    ).toMatchObject({
      ok: false,
      kind: "conflict",
      message: APPLICATION_TEXT.onlyOpenApplications,
    });
    expect(
      await declineApplication(database.db, "nobody", form({ reason: "x" }), owner),
    ).toMatchObject({ ok: false, kind: "not_found" });
    expect(await emails()).toEqual([]);
  });

  test("a declined applicant is never offered jobs and cannot be approved until reopened", async () => {
    await declineApplication(database.db, "c-applicant", form({ reason: "Not now" }), owner, at);
    // The Assign Cleaner panel lists only the working cleaner.
    const options = await getAssignOptions(database.db, {}, at);
    expect(options.cleaners.map((cleaner) => cleaner.id)).toEqual(["c-working"]);

    const approve = () =>
      setCleanerStatus(database.db, {
        cleanerId: "c-applicant",
        to: "available",
        actor: { type: "staff", id: OWNER },
        now: at,
      });
    expect(await approve()).toEqual({
      kind: "refused",
      message: APPLICATION_TEXT.declinedNoStatus,
    });
    expect(await emails()).toHaveLength(1);

    expect(await reopenApplication(database.db, "c-applicant", owner, at)).toEqual({ ok: true });
    expect(await audit(APPLICATION_AUDIT.reopened)).toHaveLength(1);
    expect(
      (await getApplicationReview(database.db, "c-applicant", { withDocuments: false }))?.declined,
    ).toBeNull();
    expect(await approve()).toMatchObject({ kind: "changed", emailed: "welcome" });
    // Reopening an open application is refused.
    expect(await reopenApplication(database.db, "c-applicant", owner)).toMatchObject({
      ok: false,
      kind: "conflict",
    });
  });

  test("suspending an applicant is not a decline: nobody is emailed", async () => {
    const result = await setCleanerStatus(database.db, {
      cleanerId: "c-applicant",
      to: "suspended",
      actor: { type: "staff", id: OWNER },
      now: at,
    });
    expect(result).toMatchObject({ kind: "changed", emailed: null });
    expect(await emails()).toEqual([]);
  });

  test("the Applications view filters by outcome and counts only those awaiting review", async () => {
    await insertCleaners(database.db, [
      { id: "c-second", name: "Ana Lima", status: "pending_review" },
    ]);
    await declineApplication(database.db, "c-applicant", form({ reason: "Not now" }), owner, at);
    const view = (query: string) =>
      listCleaners(database.db, readDirectoryFilter(new URLSearchParams(query)));
    const declined = await view("status=pending_review&application=declined");
    expect(declined.cleaners.map((card) => [card.id, card.declined])).toEqual([
      ["c-applicant", true],
    ]);
    const open = await view("status=pending_review&application=open");
    expect(open.cleaners.map((card) => card.id)).toEqual(["c-second"]);
    expect(open.pendingReview).toBe(1);
    const all = await view("status=pending_review");
    expect(all.cleaners.map((card) => card.id).sort()).toEqual(["c-applicant", "c-second"]);
  });

  test("notes are timestamped, signed by their author and listed newest first", async () => {
    const later = new Date(at.getTime() + 60_000);
    expect(
      await addApplicationNote(
        database.db,
        "c-applicant",
        form({ note: "Called: keen." }),
        owner,
        at,
      ),
    ).toEqual({ ok: true });
    await addApplicationNote(
      database.db,
      "c-applicant",
      form({ note: "References check out." }),
      { staffId: "staff-2", ip: null },
      later,
    );
    const review = await getApplicationReview(database.db, "c-applicant", { withDocuments: false });
    expect(
      review?.notes.map(({ body, author, createdAt }) => ({ body, author, createdAt })),
    ).toEqual([
      { body: "References check out.", author: "Sam Staff", createdAt: later.toISOString() },
      { body: "Called: keen.", author: "Olivia Owner", createdAt: at.toISOString() },
    ]);
    expect(await audit(APPLICATION_AUDIT.noteAdded)).toHaveLength(2);
    expect(
      await addApplicationNote(database.db, "c-applicant", form({ note: "" }), owner),
    ).toMatchObject({ ok: false, kind: "invalid", fieldErrors: { note: "Write the note" } });
  });

  test("a document is stored privately, downloaded through the service with an audit, and deleted", async () => {
    const attached = await attachApplicationDocument(
      database.db,
      config,
      "c-applicant",
      form({
        kind: "police_check",
        file: new File([new Uint8Array(PDF)], "../../Lucia's police check (2026).PDF", {
          type: "text/html",
        }),
      }),
      owner,
      at,
    );
    expect(attached).toMatchObject({ ok: true });
    if (!attached.ok) return;
    const documentId = attached.documentId;

    const review = await getApplicationReview(database.db, "c-applicant", { withDocuments: true });
    expect(review?.documents).toEqual([
      {
        id: documentId,
        kind: "police_check",
        fileName: "Lucia_s police check (2026).pdf",
        bytes: PDF.length,
        uploadedBy: "Olivia Owner",
        createdAt: at.toISOString(),
      },
    ]);
    // Staff who may not see documents get none listed.
    expect(
      (await getApplicationReview(database.db, "c-applicant", { withDocuments: false }))?.documents,
    ).toBeNull();

    // On disk only under the private folder: nothing under the public uploads or media folders.
    const privateDir = path.join(config.dataDir, ...PRIVATE_DOCUMENTS_PREFIX.split("/"));
    expect(readdirSync(privateDir)).toHaveLength(1);
    expect(existsSync(path.join(config.dataDir, "uploads"))).toBe(false);
    expect(existsSync(path.join(config.dataDir, "media"))).toBe(false);
    // The public photo route does not know the id.
    expect(await readUpload(database.db, config, documentId)).toBeNull();

    const opened = await openApplicationDocument(
      database.db,
      config,
      "c-applicant",
      documentId,
      owner,
    );
    expect(opened).toMatchObject({
      fileName: "Lucia_s police check (2026).pdf",
      mime: "application/pdf",
    });
    expect(Buffer.from(await new Response(opened!.body).arrayBuffer())).toEqual(PDF);
    expect(await audit(APPLICATION_AUDIT.documentDownloaded)).toEqual([
      {
        actor_id: OWNER,
        subject_id: "c-applicant",
        details: JSON.stringify({ documentId, kind: "police_check" }),
      },
    ]);
    // Under another cleaner's address it is not found.
    expect(
      await openApplicationDocument(database.db, config, "c-working", documentId, owner),
    ).toBeNull();

    expect(
      await removeApplicationDocument(database.db, config, "c-applicant", documentId, owner),
    ).toEqual({ ok: true });
    expect(readdirSync(privateDir)).toEqual([]);
    expect(await audit(APPLICATION_AUDIT.documentUploaded)).toHaveLength(1);
    expect(await audit(APPLICATION_AUDIT.documentDeleted)).toHaveLength(1);
    expect(
      await removeApplicationDocument(database.db, config, "c-applicant", documentId, owner),
    ).toMatchObject({ ok: false, kind: "not_found" });
  });

  test("a document must be a PDF, JPEG or PNG by its content, of a known kind, and not too large", async () => {
    const attach = (fields: Record<string, string | File>) =>
      attachApplicationDocument(database.db, config, "c-applicant", form(fields), owner, at);
    const png = await sharp({
      create: { width: 4, height: 4, channels: 3, background: "#ffffff" },
    })
      .png()
      .toBuffer();
    expect(
      await attach({ kind: "id", file: new File([new Uint8Array(png)], "passport.png") }),
    ).toMatchObject({
      ok: true,
    });
    expect(
      await attach({ kind: "id", file: new File(["<html><script>x</script>"], "id.pdf") }),
    ).toMatchObject({ ok: false, fieldErrors: { file: NOT_A_DOCUMENT } });
    expect(
      await attach({ kind: "passport", file: new File([new Uint8Array(PDF)], "a.pdf") }),
    ).toMatchObject({
      ok: false,
      fieldErrors: { kind: "Choose what the document is" },
    });
    expect(await attach({ kind: "id" })).toMatchObject({
      ok: false,
      fieldErrors: { file: NO_FILE },
    });
    const huge = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    expect(
      await attach({ kind: "other", file: new File([new Uint8Array(huge)], "big.pdf") }),
    ).toMatchObject({
      ok: false,
      kind: "too_large",
      fieldErrors: { file: TOO_LARGE },
    });
    const review = await getApplicationReview(database.db, "c-applicant", { withDocuments: true });
    expect(review?.documents?.map((document) => document.kind)).toEqual(["id"]);
  });
});
