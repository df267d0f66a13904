import { describe, expect, test } from "vitest";
import type { AppContext } from "~/server/context";
import { bookingAction } from "./booking-action.server";
import { BOOKING_TEXT } from "./booking-section";

describe("the quote details' booking intents", () => {
  test("are refused with 403 to a role without bookings.manage, before anything is read", async () => {
    const form = new FormData();
    form.set("intent", "booking-cancel");
    form.set("bookingId", "any");
    const result = await bookingAction({} as AppContext, {
      quoteId: "any",
      form,
      staff: { id: "s1", role: "cleaner" },
      actor: { type: "staff", id: "s1" },
    });
    expect(result.init?.status).toBe(403);
    expect(result.data).toEqual({
      intent: "booking-cancel",
      ok: false,
      message: BOOKING_TEXT.notAllowed,
    });
  });
});
