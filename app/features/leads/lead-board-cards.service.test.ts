import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { insertCleaners } from "~/features/cleaners/cleaner.test-data";
import { getLeadDetails } from "./lead-details.service.server";
import { LEAD_STATUS_CHANGED } from "./lead-status.server";
import { LeadFilterSchema } from "./leads";
import { getBoard, moveLead } from "./leads.service.server";
import { addTestBooking, addTestLead, addTestOffer, addTestPayment } from "./leads.test-data";

const staff = { type: "staff", id: "staff-1" } as const;

describe.each(testDialects)(
  "board cards, Lost with a reason and the details' dates on %s",
  (dialect) => {
    let database: TestDatabase;
    beforeEach(async () => {
      database = await createTestDatabase(dialect);
    });
    afterEach(async () => {
      await database.destroy();
    });

    const cardOf = async (name: string) => {
      const board = await getBoard(database.db, LeadFilterSchema.parse({}));
      return board.flatMap((column) => column.cards).find((card) => card.name === name);
    };

    test("a booked card shows the job's date and the cleaners who accepted it", async () => {
      const { db } = database;
      const [mei, ana, bo] = await insertCleaners(db, [
        { name: "Mei Chen" },
        { name: "Ana Silva" },
        { name: "Bo Declined" },
      ]);
      const id = await addTestLead(db, { name: "Ruth", status: "assigned", leadStatus: "booked" });
      await addTestBooking(db, id, { date: "2026-11-20", slot: "09:00", status: "cancelled" });
      await addTestBooking(db, id, { date: "2026-11-26", slot: "16:00" });
      await addTestOffer(db, id, bo!, "declined");
      await addTestOffer(db, id, mei!, "accepted");
      await addTestOffer(db, id, ana!, "accepted");

      expect(await cardOf("Ruth")).toMatchObject({
        jobDate: "Thu, 26 Nov 2026, 4:00 PM",
        crew: expect.arrayContaining(["Mei Chen", "Ana Silva"]),
        assignment: { label: "Accepted", cleaner: "Ana Silva" },
      });
      expect((await cardOf("Ruth"))?.crew).toHaveLength(2);
    });

    test("a card without a booking has no job date, and no crew until a cleaner accepts", async () => {
      const { db } = database;
      const [mei] = await insertCleaners(db, [{ name: "Mei Chen" }]);
      const id = await addTestLead(db, { name: "Sam" });
      await addTestOffer(db, id, mei!, "pending");
      expect(await cardOf("Sam")).toMatchObject({
        jobDate: null,
        crew: [],
        paidOrCompleted: false,
        followUps: 0,
        assignment: { label: "Pending Response", cleaner: "Mei Chen" },
      });
    });

    test("paid or completed work needs a reason to go to Lost; the reason is audited and on the timeline", async () => {
      const { db } = database;
      const paid = await addTestLead(db, { name: "Paid", leadStatus: "booked" });
      await addTestBooking(db, paid, { date: "2026-11-26", slot: "09:00" });
      await addTestPayment(db, paid, "paid");
      const done = await addTestLead(db, {
        name: "Done",
        status: "completed",
        leadStatus: "booked",
      });
      await addTestBooking(db, done, { date: "2026-11-20", slot: "09:00", status: "completed" });
      expect(await cardOf("Paid")).toMatchObject({ paidOrCompleted: true });
      expect(await cardOf("Done")).toMatchObject({ paidOrCompleted: true });

      for (const quoteId of [paid, done]) {
        expect(await moveLead(db, { quoteId, to: "lost", actor: staff })).toEqual({
          ok: false,
          kind: "invalid",
          message: "Give a reason for moving paid or completed work to Lost.",
          fieldErrors: { reason: "Give a reason for moving paid or completed work to Lost." },
        });
        expect(await moveLead(db, { quoteId, to: "lost", reason: "   ", actor: staff })).toEqual({
          ok: false,
          kind: "invalid",
          message: "Give a reason for moving paid or completed work to Lost.",
          fieldErrors: { reason: "Give a reason for moving paid or completed work to Lost." },
        });
      }
      const refused = await db
        .selectFrom("quotes")
        .select("lead_status")
        .where("id", "in", [paid, done])
        .execute();
      expect(refused.map((row) => row.lead_status)).toEqual(["booked", "booked"]);
      expect(
        await db
          .selectFrom("audit_log")
          .select("id")
          .where("subject_id", "in", [paid, done])
          .execute(),
      ).toEqual([]);

      const at = new Date("2026-11-26T01:00:00.000Z");
      expect(
        await moveLead(db, {
          quoteId: paid,
          to: "lost",
          reason: " Client moved overseas; refund by hand. ",
          actor: staff,
          at,
        }),
      ).toEqual({ ok: true, changed: true, name: "Paid" });
      const audit = await db
        .selectFrom("audit_log")
        .select(["action", "actor_id", "details"])
        .where("subject_id", "=", paid)
        .execute();
      expect(audit).toEqual([
        {
          action: LEAD_STATUS_CHANGED,
          actor_id: "staff-1",
          details: JSON.stringify({
            from: "booked",
            to: "lost",
            reason: "Client moved overseas; refund by hand.",
          }),
        },
      ]);
      const details = await getLeadDetails(db, paid);
      expect(details?.timeline).toContainEqual(
        expect.objectContaining({
          title: "Moved from Booked to Lost",
          detail: "Reason: Client moved overseas; refund by hand.",
        }),
      );
      // Moving it back out, and other leads to Lost, need no reason.
      expect(await moveLead(db, { quoteId: paid, to: "booked", actor: staff })).toMatchObject({
        ok: true,
        changed: true,
      });
      const open = await addTestLead(db, { name: "Open" });
      expect(await moveLead(db, { quoteId: open, to: "lost", actor: staff })).toMatchObject({
        ok: true,
        changed: true,
      });
    });

    test("a refunded or unpaid booking goes to Lost without a reason", async () => {
      const { db } = database;
      const refunded = await addTestLead(db, { name: "Refunded", leadStatus: "booked" });
      await addTestBooking(db, refunded, { date: "2026-11-26", slot: "09:00" });
      await addTestPayment(db, refunded, "refunded");
      const unpaid = await addTestLead(db, { name: "Unpaid", leadStatus: "qualified" });
      await addTestBooking(db, unpaid, { date: "2026-11-26", slot: "11:00" });
      await addTestPayment(db, unpaid, "pending");
      for (const quoteId of [refunded, unpaid]) {
        expect(await moveLead(db, { quoteId, to: "lost", actor: staff })).toMatchObject({
          ok: true,
          changed: true,
        });
      }
    });

    test("the details show the preferred time once, formatted, and the booking as the job date", async () => {
      const { db } = database;
      const id = await addTestLead(db, {
        name: "Ivy",
        scheduledDate: "2026-11-26",
        spaceDetails: { type: "house", bedrooms: 2, scheduled_date: "2026-11-28 13:00" },
      });
      await addTestBooking(db, id, { date: "2026-11-26", slot: "16:00" });
      const details = await getLeadDetails(db, id);
      expect(details?.service.preferredTime).toBe("Sat, 28 Nov 2026, 1:00 PM");
      expect(details?.space.map((line) => line.label)).toEqual(["Space", "Bedrooms"]);
      expect(details?.bookings[0]?.when).toBe("Thu, 26 Nov 2026, 4:00 PM");

      // Before any booking, the quote's own date is the wish when the space details hold none.
      const unbooked = await addTestLead(db, { scheduledDate: "2026-12-03" });
      expect((await getLeadDetails(db, unbooked))?.service.preferredTime).toBe("Thu, 3 Dec 2026");
    });
  },
);
