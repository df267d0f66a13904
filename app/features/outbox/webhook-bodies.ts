import type { WebhookRoute } from "./outbox.schema";

// docs/product/public-site.md#calls-and-webhooks: the four webhook bodies, key for key. The automation host's flows read these
// names, so they never change; missing optional values are sent as null so every key is present.

/** The topics the site announces, and where each goes (docs/product/public-site.md#calls-and-webhooks). */
export const WEBHOOK_ROUTES = {
  "quote.created": "production",
  "contact.created": "test_then_production",
  "post_construction.created": "test_then_production",
  "booking.confirmed": "production",
  "booking.rescheduled": "production",
  "booking.cancelled": "production",
} as const satisfies Record<string, WebhookRoute>;

export type WebhookTopic = keyof typeof WEBHOOK_ROUTES;

/** A webhook ready for enqueueWebhook: topic, route and body together. */
export type WebhookMessage<Body> = { topic: WebhookTopic; route: WebhookRoute; body: Body };

export type QuoteWebhookInput = {
  clientName: string;
  clientEmail: string;
  clientPhone: string | null;
  serviceType: string;
  cleaningLevel: string | null;
  estimatedHours: number | null;
  spaceDetails: Record<string, unknown>;
  status: string;
  leadStatus: string;
  leadSource: string;
  /** The quote explanation text (docs/product/public-site.md#entities-and-fields: notes holds it). */
  notes: string | null;
  /** ISO-8601 UTC */
  createdAt: string;
};

export type QuoteWebhookBody = {
  quote: {
    client: { name: string; email: string; phone: string | null };
    service: { type: string; cleaningLevel: string | null; estimatedHours: number | null };
    space: Record<string, unknown>;
    status: string;
    leadStatus: string;
    source: string;
    notes: string | null;
    createdAt: string;
  };
};

export function buildQuoteWebhookBody(input: QuoteWebhookInput): QuoteWebhookBody {
  return {
    quote: {
      client: { name: input.clientName, email: input.clientEmail, phone: input.clientPhone },
      service: {
        type: input.serviceType,
        cleaningLevel: input.cleaningLevel,
        estimatedHours: input.estimatedHours,
      },
      space: input.spaceDetails,
      status: input.status,
      leadStatus: input.leadStatus,
      source: input.leadSource,
      notes: input.notes,
      createdAt: input.createdAt,
    },
  };
}

export function quoteCreatedWebhook(input: QuoteWebhookInput): WebhookMessage<QuoteWebhookBody> {
  return route("quote.created", buildQuoteWebhookBody(input));
}

export type ContactWebhookInput = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  message: string;
};

export type ContactWebhookBody = { contact: ContactWebhookInput };

export function buildContactWebhookBody(input: ContactWebhookInput): ContactWebhookBody {
  const { firstName, lastName, email, phone, message } = input;
  return { contact: { firstName, lastName, email, phone, message } };
}

export function contactCreatedWebhook(
  input: ContactWebhookInput,
): WebhookMessage<ContactWebhookBody> {
  return route("contact.created", buildContactWebhookBody(input));
}

export type PostConstructionWebhookInput = {
  clientName: string;
  clientEmail: string;
  clientPhone: string;
  requestType: "individual" | "company";
  companyName: string | null;
  abn: string | null;
  address: string;
  propertyType: string;
  /** small | medium | large */
  propertySize: string;
  /** "1", "2" or "3+" */
  floors: string;
  rooms: number;
  bathrooms: number;
  /** initial | final | both */
  cleanType: string;
  additionalNotes: string | null;
  quoteId: string;
};

export type PostConstructionWebhookBody = {
  postConstruction: PostConstructionWebhookInput;
};

export function buildPostConstructionWebhookBody(
  input: PostConstructionWebhookInput,
): PostConstructionWebhookBody {
  return {
    postConstruction: {
      clientName: input.clientName,
      clientEmail: input.clientEmail,
      clientPhone: input.clientPhone,
      requestType: input.requestType,
      companyName: input.companyName,
      abn: input.abn,
      address: input.address,
      propertyType: input.propertyType,
      propertySize: input.propertySize,
      floors: input.floors,
      rooms: input.rooms,
      bathrooms: input.bathrooms,
      cleanType: input.cleanType,
      additionalNotes: input.additionalNotes,
      quoteId: input.quoteId,
    },
  };
}

export function postConstructionCreatedWebhook(
  input: PostConstructionWebhookInput,
): WebhookMessage<PostConstructionWebhookBody> {
  return route("post_construction.created", buildPostConstructionWebhookBody(input));
}

export type BookingWebhookInput = {
  quoteId: string;
  clientName: string;
  clientEmail: string;
  clientPhone: string | null;
  serviceType: string;
  /** YYYY-MM-DD, Sydney date */
  scheduledDate: string;
  /** HH:MM, one of the spec's slots */
  scheduledTime: string;
  address: string;
  /** docs/decisions/0027-lead-lifecycle.md: confirmed for a new booking, rescheduled or cancelled for changes */
  status: "confirmed" | "rescheduled" | "cancelled";
};

export type BookingWebhookBody = { booking: BookingWebhookInput };

export function buildBookingWebhookBody(input: BookingWebhookInput): BookingWebhookBody {
  return {
    booking: {
      quoteId: input.quoteId,
      clientName: input.clientName,
      clientEmail: input.clientEmail,
      clientPhone: input.clientPhone,
      serviceType: input.serviceType,
      scheduledDate: input.scheduledDate,
      scheduledTime: input.scheduledTime,
      address: input.address,
      status: input.status,
    },
  };
}

/** booking.confirmed, booking.rescheduled or booking.cancelled, after the booking's status. */
export function bookingWebhook(input: BookingWebhookInput): WebhookMessage<BookingWebhookBody> {
  return route(`booking.${input.status}`, buildBookingWebhookBody(input));
}

function route<Body>(topic: WebhookTopic, body: Body): WebhookMessage<Body> {
  return { topic, route: WEBHOOK_ROUTES[topic], body };
}
