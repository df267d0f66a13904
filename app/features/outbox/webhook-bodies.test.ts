import { describe, expect, test } from "vitest";
import {
  bookingWebhook,
  buildBookingWebhookBody,
  buildContactWebhookBody,
  buildPostConstructionWebhookBody,
  buildQuoteWebhookBody,
  contactCreatedWebhook,
  postConstructionCreatedWebhook,
  quoteCreatedWebhook,
  type BookingWebhookInput,
  type PostConstructionWebhookInput,
  type QuoteWebhookInput,
} from "./webhook-bodies";

const quote: QuoteWebhookInput = {
  clientName: "Olivia Hart",
  clientEmail: "olivia@example.com",
  clientPhone: "0412 345 678",
  serviceType: "residential",
  cleaningLevel: "deep",
  estimatedHours: 4.5,
  spaceDetails: { type: "house", bedrooms: 3, bathrooms: 2 },
  status: "pending",
  leadStatus: "new",
  leadSource: "website",
  notes: "3 bedrooms, 2 bathrooms: 4.5 hours",
  createdAt: "2026-11-22T01:00:00.000Z",
};

const postConstruction: PostConstructionWebhookInput = {
  clientName: "Sam Builder",
  clientEmail: "sam@example.com",
  clientPhone: "0400 000 000",
  requestType: "company",
  companyName: "Builder Pty Ltd",
  abn: "51 824 753 556",
  address: "1 Harbour St, Sydney NSW 2000",
  propertyType: "office",
  propertySize: "medium",
  floors: "3+",
  rooms: 6,
  bathrooms: 2,
  cleanType: "final",
  additionalNotes: null,
  quoteId: "q-1",
};

const booking: BookingWebhookInput = {
  quoteId: "q-2",
  clientName: "Olivia Hart",
  clientEmail: "olivia@example.com",
  clientPhone: null,
  serviceType: "residential",
  scheduledDate: "2026-12-03",
  scheduledTime: "09:00",
  address: "5 Bay Rd, Mosman NSW 2088",
  status: "confirmed",
};

describe("webhook bodies (docs/product/public-site.md#calls-and-webhooks)", () => {
  test("the quote body nests client and service and renames lead source to source", () => {
    expect(buildQuoteWebhookBody(quote)).toEqual({
      quote: {
        client: { name: "Olivia Hart", email: "olivia@example.com", phone: "0412 345 678" },
        service: { type: "residential", cleaningLevel: "deep", estimatedHours: 4.5 },
        space: { type: "house", bedrooms: 3, bathrooms: 2 },
        status: "pending",
        leadStatus: "new",
        source: "website",
        notes: "3 bedrooms, 2 bathrooms: 4.5 hours",
        createdAt: "2026-11-22T01:00:00.000Z",
      },
    });
  });

  test("the contact body carries exactly the five form fields", () => {
    const input = {
      firstName: "Ava",
      lastName: "Lee",
      email: "ava@example.com",
      phone: "0411 111 111",
      message: "Do you clean windows?",
    };
    const body = buildContactWebhookBody({ ...input, extra: "dropped" } as typeof input);
    expect(body).toEqual({ contact: input });
    expect(Object.keys(body.contact)).toEqual([
      "firstName",
      "lastName",
      "email",
      "phone",
      "message",
    ]);
  });

  test("the post-construction body keeps every key, in the spec's order, with nulls for blanks", () => {
    const body = buildPostConstructionWebhookBody(postConstruction);
    expect(Object.keys(body.postConstruction)).toEqual([
      "clientName",
      "clientEmail",
      "clientPhone",
      "requestType",
      "companyName",
      "abn",
      "address",
      "propertyType",
      "propertySize",
      "floors",
      "rooms",
      "bathrooms",
      "cleanType",
      "additionalNotes",
      "quoteId",
    ]);
    expect(body.postConstruction.additionalNotes).toBeNull();
    expect(JSON.parse(JSON.stringify(body))).toEqual(body);
  });

  test("the booking body carries the booking's status", () => {
    expect(buildBookingWebhookBody({ ...booking, status: "rescheduled" })).toEqual({
      booking: { ...booking, status: "rescheduled" },
    });
  });

  test("each webhook has its topic and route: contact and post-construction try test first", () => {
    expect(quoteCreatedWebhook(quote)).toMatchObject({
      topic: "quote.created",
      route: "production",
    });
    expect(
      contactCreatedWebhook({
        firstName: "A",
        lastName: "B",
        email: "a@b.c",
        phone: "1",
        message: "m",
      }),
    ).toMatchObject({ topic: "contact.created", route: "test_then_production" });
    expect(postConstructionCreatedWebhook(postConstruction)).toMatchObject({
      topic: "post_construction.created",
      route: "test_then_production",
    });
  });

  test("a booking's status picks its topic: confirmed, rescheduled or cancelled", () => {
    expect(bookingWebhook(booking).topic).toBe("booking.confirmed");
    expect(bookingWebhook({ ...booking, status: "rescheduled" }).topic).toBe("booking.rescheduled");
    const cancelled = bookingWebhook({ ...booking, status: "cancelled" });
    expect(cancelled).toMatchObject({ topic: "booking.cancelled", route: "production" });
    expect(cancelled.body.booking.status).toBe("cancelled");
  });
});
