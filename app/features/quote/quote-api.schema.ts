import { z } from "zod";
import { EstimateRequestSchema, QuoteRequestSchema } from "./quote.schema";

// The JSON API's answers, as zod schemas: the routes build their bodies to these types and
// /api/v1/openapi.json is generated from them and from the request schemas, so the document
// cannot drift from the code.

export const EstimateResponseSchema = z.object({
  hours: z.number().describe("Estimated hours, to the half hour; at least 3"),
  cleaners: z.int().describe("Cleaners needed: hours / 6, rounded up"),
  hourlyRateCents: z.int().describe("The business's hourly rate, in cents (AUD, GST-inclusive)"),
  totalCents: z.int().describe("hours x rate, in cents"),
  explanation: z.string(),
  factors: z.array(z.object({ label: z.string(), multiplier: z.number() })),
  fallback: z.boolean().describe("True when the details gave no estimate and the minimum was used"),
});
export type EstimateResponse = z.infer<typeof EstimateResponseSchema>;

export const QuoteCreatedResponseSchema = z.object({
  reference: z.string().describe("Durable, unguessable reference of the stored quote"),
  resultUrl: z.string().describe("/quote-result?ref=…"),
  bookingUrl: z.string().describe("/booking?ref=…"),
  hours: z.number(),
  cleaners: z.int(),
  hourlyRateCents: z.int(),
  totalCents: z.int(),
  explanation: z.string(),
});
export type QuoteCreatedResponse = z.infer<typeof QuoteCreatedResponseSchema>;

export const ValidationErrorSchema = z.object({
  error: z.string().describe("The first problem, in the spec's words where it gives them"),
  fieldErrors: z
    .record(z.string(), z.string())
    .describe('One message per field, keyed by its path: "leadInfo.email"'),
});

export const ErrorSchema = z.object({ error: z.string() });

export const UploadResponseSchema = z.object({
  id: z.string().describe("Send it in the quote's images list"),
  url: z.string().describe("Where the re-encoded photo is served, on this site"),
  width: z.int(),
  height: z.int(),
});
export type UploadResponse = z.infer<typeof UploadResponseSchema>;

const toSchema = (schema: z.ZodType, io: "input" | "output") =>
  z.toJSONSchema(schema, { io, target: "draft-2020-12", unrepresentable: "any" });

const jsonContent = (ref: string) => ({
  content: { "application/json": { schema: { $ref: `#/components/schemas/${ref}` } } },
});

const errorResponses = {
  "400": { description: "The body is not valid JSON", ...jsonContent("Error") },
  "415": { description: "The body is not application/json", ...jsonContent("Error") },
  "422": { description: "A field is missing or invalid", ...jsonContent("ValidationError") },
  "429": {
    description: "Over the limit: 10 a minute and 100 a day per address (Retry-After says when)",
    ...jsonContent("Error"),
  },
};

/** The photo upload the quote wizard uses, as the API document describes it. */
const uploadPath = {
  post: {
    summary: "Upload one quote photo (JPEG, PNG, WebP, HEIC; up to 10 MB)",
    requestBody: {
      required: true,
      content: {
        "multipart/form-data": {
          schema: {
            type: "object",
            properties: { photo: { type: "string", contentMediaType: "image/*" } },
            required: ["photo"],
          },
        },
      },
    },
    responses: {
      "201": { description: "The stored photo", ...jsonContent("UploadResponse") },
      "413": { description: "Larger than 10 MB", ...jsonContent("Error") },
      "415": { description: "Not a photo we can use", ...jsonContent("Error") },
      "429": errorResponses["429"],
    },
  },
};

/** The OpenAPI 3.1 document for the public JSON API. */
export function buildOpenApiDocument(serverUrl: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "Harbour & Gold instant quote API",
      version: "1.0.0",
      description:
        "Estimate and request a cleaning quote. Prices are computed by the server at the " +
        "business's current hourly rate; hours or prices sent by a client are ignored.",
    },
    servers: [{ url: serverUrl }],
    paths: {
      "/api/v1/estimate": {
        post: {
          summary: "Estimate hours, cleaners and total; nothing is stored",
          requestBody: { required: true, ...jsonContent("EstimateRequest") },
          responses: {
            "200": { description: "The estimate", ...jsonContent("EstimateResponse") },
            ...errorResponses,
          },
        },
      },
      "/api/v1/quotes": {
        post: {
          summary: "Request a quote: stored as a new lead, the team is notified",
          parameters: [
            {
              name: "Idempotency-Key",
              in: "header",
              required: false,
              description:
                "1 to 255 visible ASCII characters (a UUID). A retry with the same key and body within a day gets the first answer again (header Idempotent-Replayed: true) instead of a second quote; the same key with another body is 422.",
              schema: { type: "string", maxLength: 255 },
            },
          ],
          requestBody: { required: true, ...jsonContent("QuoteRequest") },
          responses: {
            "201": {
              description: "The stored quote",
              headers: { Location: { schema: { type: "string" } } },
              ...jsonContent("QuoteCreatedResponse"),
            },
            ...errorResponses,
            "400": { description: "Malformed JSON or Idempotency-Key", ...jsonContent("Error") },
            "503": { description: "Database connection failed", ...jsonContent("Error") },
          },
        },
      },
      "/api/uploads": uploadPath,
    },
    components: {
      schemas: {
        QuoteRequest: toSchema(QuoteRequestSchema, "input"),
        EstimateRequest: toSchema(EstimateRequestSchema, "input"),
        QuoteCreatedResponse: toSchema(QuoteCreatedResponseSchema, "output"),
        EstimateResponse: toSchema(EstimateResponseSchema, "output"),
        UploadResponse: toSchema(UploadResponseSchema, "output"),
        ValidationError: toSchema(ValidationErrorSchema, "output"),
        Error: toSchema(ErrorSchema, "output"),
      },
    },
  };
}
