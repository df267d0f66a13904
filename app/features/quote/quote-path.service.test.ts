import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { nswSuburbsCsv } from "../../../tests/helpers/committed-assets";
import { fixtures } from "../../../tests/integration/data-model.fixtures";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { DEFAULT_BUSINESS_PROFILE } from "~/features/settings/business-profile";
import {
  saveBusinessProfile,
  updateNotificationSettings,
} from "~/features/settings/settings.service.server";
import { ensureSuburbs, suggestSuburbs } from "~/features/suburbs/suburbs.service.server";
import { commercialRequest, residentialRequest, withSpace } from "./quote-fixtures";
import { QUOTE_WIZARD_MESSAGES } from "./quote-messages";
import type { QuoteRequestInput } from "./quote.schema";
import { createQuote, estimateQuote, findQuoteResult } from "./quote.service.server";

// The quote's path to the booking: the customer's email, what the result restates,
// the options each service type offers, and the service area.

const ctx = { publicUrl: "https://harbourandgold.test" };
const home: QuoteRequestInput = { ...residentialRequest, images: [], photosWaived: true };

describe.each(testDialects)("the quote's path to the booking on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  const customerEmails = () =>
    database.db
      .selectFrom("outbox_messages")
      .selectAll()
      .where("topic", "=", "quote.customer_copy")
      .execute();

  test("the customer is emailed the hours, total, explanation and links to the result and to book", async () => {
    // docs/decisions/0024-notification-toggles.md: the staff toggle does not stop the customer's own copy.
    await updateNotificationSettings(
      database.db,
      { email: false, sms: false },
      { staffId: "staff-1", ip: null },
    );
    const result = await createQuote(database.db, home, ctx);
    if (!result.ok) throw new Error(result.message);
    const { reference, id, explanation } = result.quote;

    const emails = await customerEmails();
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ kind: "email", subject_type: "quote", subject_id: id });
    const email = JSON.parse(emails[0]!.payload) as Record<string, string>;
    expect(email.to).toBe("ava@example.com");
    expect(email.replyTo).toBe(DEFAULT_BUSINESS_PROFILE.email);
    expect(email.subject).toBe(`Your quote ${reference}: $225.00`);
    for (const line of [
      `Hello Ava, thank you for asking us. Here is your quote, reference ${reference}.`,
      "Estimated hours: 4.5 hours. 4.5 cleaner-hours: 1 cleaner for about 4.5 hours on site, at $50 per cleaner-hour.",
      "Total: $225.00 (AUD, GST included).",
      `How we estimated it: ${explanation}`,
      "Service: Residential, Deep Clean.",
      "Space: Apartment, 2 bedrooms, 1 bathroom.",
      "Address: Bondi NSW 2026.",
      "Photos: No photos.",
      `See your quote at any time: https://harbourandgold.test/quote-result?ref=${reference}`,
      `Book this clean: https://harbourandgold.test/booking?ref=${reference}`,
    ]) {
      expect(email.text).toContain(line);
    }
    expect(email.html).toContain(`href="https://harbourandgold.test/booking?ref=${reference}"`);
    // The booking link was written out as a line and again as the button (with its fallback):
    // now the button alone, and its one line in the text part.
    const booking = `https://harbourandgold.test/booking?ref=${reference}`;
    expect(email.text!.split(booking)).toHaveLength(2);
    expect(email.html).not.toContain("Book this clean: ");
  });

  test("a refused quote emails nobody", async () => {
    const result = await createQuote(database.db, { ...home, leadInfo: undefined }, ctx);
    expect(result.ok).toBe(false);
    expect(await customerEmails()).toEqual([]);
  });

  test("the quote result restates the service, level, space, address, photos and preferred cleaner", async () => {
    const cleaner = { ...fixtures().cleaners, photo: null };
    await database.db.insertInto("cleaners").values(cleaner).execute();
    const result = await createQuote(database.db, { ...home, preferredCleanerId: cleaner.id }, ctx);
    if (!result.ok) throw new Error(result.message);
    const shown = await findQuoteResult(database.db, result.quote.reference);
    expect(shown).toMatchObject({
      summary: {
        service: "Residential",
        level: "Deep Clean",
        space: "Apartment",
        size: "2 bedrooms, 1 bathroom",
        address: "Bondi NSW 2026",
        photos: 0,
        outsideArea: false,
      },
      preferredCleaner: { id: cleaner.id, name: "Mei C." },
    });
    const email = JSON.parse((await customerEmails())[0]!.payload) as { text: string };
    expect(email.text).toContain("Your preferred cleaner: Mei C.");

    const office = await createQuote(database.db, commercialRequest, ctx);
    if (!office.ok) throw new Error(office.message);
    expect(await findQuoteResult(database.db, office.quote.reference)).toMatchObject({
      summary: { service: "Commercial", level: "Basic Clean", size: "150 m² floor area" },
      preferredCleaner: null,
    });
  });

  test("home-only options are refused for an office, and business-only ones for a home", async () => {
    const office = await createQuote(
      database.db,
      {
        ...commercialRequest,
        preferences: {
          ...commercialRequest.preferences!,
          isEndOfLease: true,
          houseKeepingLevel: "basic",
        },
      },
      ctx,
    );
    expect(office).toMatchObject({
      ok: false,
      kind: "invalid",
      fieldErrors: {
        "preferences.isEndOfLease": QUOTE_WIZARD_MESSAGES.optionNotForService,
        "preferences.houseKeepingLevel": QUOTE_WIZARD_MESSAGES.optionNotForService,
      },
    });
    const flat = await createQuote(
      database.db,
      { ...home, preferences: { ...home.preferences!, securityAccess: true } },
      ctx,
    );
    expect(flat).toMatchObject({
      ok: false,
      fieldErrors: { "preferences.securityAccess": QUOTE_WIZARD_MESSAGES.optionNotForService },
    });
    // Switched off, they are harmless; a home may still ask for an end-of-lease clean.
    const fine = await createQuote(
      database.db,
      {
        ...commercialRequest,
        preferences: { ...commercialRequest.preferences!, isEndOfLease: false },
      },
      ctx,
    );
    expect(fine.ok).toBe(true);
    const lease = await createQuote(
      database.db,
      { ...home, preferences: { ...home.preferences!, isEndOfLease: true } },
      ctx,
    );
    expect(lease.ok).toBe(true);
  });

  describe("with the NSW suburbs", () => {
    beforeEach(async () => {
      await ensureSuburbs(database.db, { suburbsCsv: nswSuburbsCsv });
    });

    test("suggestions come from all of NSW and mark those outside Greater Sydney", async () => {
      const found = await suggestSuburbs(database.db, "Padd");
      expect(found).toContainEqual({ suburb: "Paddington", postcode: "2021", outsideArea: false });
      expect(found).toContainEqual({ suburb: "Paddys Flat", postcode: "2469", outsideArea: true });
      // The usual area comes first.
      expect(found[0]).toMatchObject({ suburb: "Paddington" });
    });

    test("a suburb not on the NSW list is refused beside the address, with no quote and no price", async () => {
      for (const address of ["Melbourne", "Mosman 3000", "Melbourne VIC 3000", "Narnia NSW"]) {
        const refused = await createQuote(database.db, withSpace(home, { address }), ctx);
        expect(refused).toMatchObject({
          ok: false,
          kind: "invalid",
          fieldErrors: { "spaceDetails.address": QUOTE_WIZARD_MESSAGES.suburbNotListed },
        });
        const estimated = await estimateQuote(database.db, withSpace(home, { address }));
        expect(estimated).toMatchObject({
          ok: false,
          kind: "invalid",
          fieldErrors: { "spaceDetails.address": QUOTE_WIZARD_MESSAGES.suburbNotListed },
        });
      }
      const quotes = await database.db.selectFrom("quotes").select("id").execute();
      expect(quotes).toHaveLength(0);
    });

    test("a suburb on the list is taken as the type-ahead writes it, in a street address, or by postcode", async () => {
      for (const address of [
        "Mosman NSW 2088",
        "12 Ada Street, Mosman",
        "mosman 2088",
        "Brighton-Le-Sands NSW 2216",
        "2088",
      ]) {
        const quoted = await createQuote(database.db, withSpace(home, { address }), ctx);
        expect(quoted.ok, address).toBe(true);
      }
    });

    test("a quote outside the area is priced and flagged; the setting moves the area", async () => {
      const far = await createQuote(
        database.db,
        withSpace(home, { address: "Paddys Flat NSW 2469" }),
        ctx,
      );
      const near = await createQuote(database.db, home, ctx);
      if (!far.ok || !near.ok) throw new Error("not created");
      expect(far.quote.totalCents).toBe(near.quote.totalCents);
      const farResult = await findQuoteResult(database.db, far.quote.reference);
      expect(farResult?.summary.outsideArea).toBe(true);
      expect((await findQuoteResult(database.db, near.quote.reference))?.summary.outsideArea).toBe(
        false,
      );
      const email = (await customerEmails()).find((e) => e.subject_id === far.quote.id)!;
      expect(JSON.parse(email.payload).text).toContain(
        "Address: Paddys Flat NSW 2469 (outside our usual area: we will confirm).",
      );

      // Staff list the postcodes they serve: now Paddys Flat is in, and Bondi out.
      await saveBusinessProfile(
        database.db,
        { ...DEFAULT_BUSINESS_PROFILE, serviceAreaPostcodes: ["2469"] },
        null,
      );
      expect(await suggestSuburbs(database.db, "Paddys Flat")).toContainEqual({
        suburb: "Paddys Flat",
        postcode: "2469",
        outsideArea: false,
      });
      const bondi = await createQuote(database.db, home, ctx);
      if (!bondi.ok) throw new Error(bondi.message);
      expect((await findQuoteResult(database.db, bondi.quote.reference))?.summary.outsideArea).toBe(
        true,
      );
      // The earlier quote keeps the flag it was given.
      expect((await findQuoteResult(database.db, near.quote.reference))?.summary.outsideArea).toBe(
        false,
      );
    });
  });

  test("a table first filled from a shorter list gains the rest of NSW from the committed one", async () => {
    // As a database filled before the whole NSW list was committed: Greater Sydney only.
    const dir = mkdtempSync(path.join(os.tmpdir(), "hg-suburbs-"));
    const sydneyOnly = path.join(dir, "sydney.csv");
    writeFileSync(
      sydneyOnly,
      '"suburb","postcode","poa_in_greater_sydney"\n"PADDINGTON","2021",TRUE\n"BONDI","2026",TRUE\n',
    );
    await ensureSuburbs(database.db, { suburbsCsv: sydneyOnly });
    rmSync(dir, { recursive: true, force: true });
    expect(await suggestSuburbs(database.db, "Paddys")).toEqual([]);
    const added = await ensureSuburbs(database.db, { suburbsCsv: nswSuburbsCsv });
    expect(added.inserted).toBeGreaterThan(1000);
    expect(await suggestSuburbs(database.db, "Paddys")).toContainEqual({
      suburb: "Paddys Flat",
      postcode: "2469",
      outsideArea: true,
    });
    const again = await ensureSuburbs(database.db, { suburbsCsv: nswSuburbsCsv });
    expect(again).toEqual({ inserted: 0 });
  });
});
