import type { QuoteToBook } from "~/features/quote/quote-lifecycle.service.server";
import type { BookingStatus } from "~/server/database";
import type { BookingRow } from "./bookings.repository.server";

// The booking as the feature's services hand it out, and what they share.

export type BookingContext = {
  /** The site's public origin, for links in emails */
  publicUrl: string;
  now?: Date;
  /** The client's address, for the audit log */
  ip?: string | null;
};

export type Booking = {
  id: string;
  reference: string;
  quoteId: string;
  customerId: string | null;
  date: string;
  timeSlot: string;
  address: string;
  suburb: string | null;
  postcode: string | null;
  lat: number | null;
  lng: number | null;
  status: BookingStatus;
  priceCents: number;
  discountCents: number;
  serviceType: string;
  cleaningLevel: string | null;
  hours: number;
  createdAt: string;
};

/** Thrown inside a transaction when the slot has no place left; rolls everything back. */
export class SlotFull extends Error {}

export function toBooking(row: BookingRow, quote: QuoteToBook): Booking {
  return {
    id: row.id,
    reference: row.reference,
    quoteId: row.quote_id,
    customerId: row.customer_id,
    date: row.scheduled_date,
    timeSlot: row.time_slot,
    address: row.address,
    suburb: row.suburb,
    postcode: row.postcode,
    lat: row.lat === null ? null : Number(row.lat),
    lng: row.lng === null ? null : Number(row.lng),
    status: row.status,
    priceCents: Number(row.price_cents),
    discountCents: Number(row.discount_cents ?? 0),
    serviceType: quote.serviceType,
    cleaningLevel: quote.cleaningLevel,
    hours: quote.hours ?? 0,
    createdAt: row.created_at,
  };
}
