import type { Kysely } from "kysely";
import { getPublicCleanerProfile } from "~/features/cleaners/public-profile.service.server";
import { leadDetailsUrl, notifyStaffByEmail } from "~/features/notifications/staff-email.server";
import { renderEmail } from "~/features/outbox/email/render-email";
import { enqueueEmail, enqueueWebhook } from "~/features/outbox/outbox.service.server";
import { quoteCreatedWebhook } from "~/features/outbox/webhook-bodies";
import type { BusinessProfile } from "~/features/settings/business-profile";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { isOutsideServiceArea, namesListedSuburb } from "~/features/suburbs/suburbs.service.server";
import {
  UploadClaimError,
  claimQuotePhotos,
  quotePhotosAvailable,
  uploadUrl,
} from "~/features/uploads/uploads.service.server";
import { isReference, newId, newReference } from "~/lib/ids";
import { failure, type Result } from "~/lib/result";
import type { Database, LeadStatus, QuoteStatus } from "~/server/database";
import { inSharedTransaction } from "~/server/shared-transaction.server";
import { estimate, type Estimate } from "./estimate";
import { CLEANING_LEVEL_COPY, SERVICE_TYPE_LABELS } from "./quote-copy";
import { describeVisit } from "./quote-result-copy";
import { summariseQuote, summaryLines, type QuoteSummary } from "./quote-summary";
import {
  QUOTE_STORE_MESSAGES,
  QUOTE_WIZARD_MESSAGES,
  failedToCreateQuoteMessage,
} from "./quote-messages";
import type { QuoteFieldErrors } from "./quote-step-fields";
import { fieldErrorsOf } from "./quote-steps";
import {
  CreateQuoteSchema,
  EstimateRequestSchema,
  QuoteRequestSchema,
  type QuoteRequest,
} from "./quote.schema";
import {
  findPreferableCleanerId,
  findQuoteByReference,
  insertQuote,
  websiteLeadRow,
  readAnyQuoteId,
} from "./quote.repository.server";
import { formatMoney, formatHours } from "~/lib/format";

// The instant quote (docs/product/public-site.md, docs/decisions/0003-one-hourly-rate.md, docs/decisions/0004-structured-estimate.md, docs/decisions/0005-durable-references.md, docs/decisions/0008-webhook-outbox.md, docs/decisions/0010-photo-uploads.md, docs/decisions/0019-one-quote-one-row.md): the server re-parses the
// wizard's payload, prices it itself (whatever hours or price a caller sends are never read) at
// the rate in the business profile, and stores the quote and its webhook in one transaction.

export type QuoteContext = {
  /** The site's public origin, so the webhook's photo links work outside it */
  publicUrl: string;
  now?: Date;
  /**
   * Runs in the quote's own transaction once it is stored (the API keeps its answer for an
   * Idempotency-Key there); when it throws, nothing of the quote is kept.
   */
  withinTransaction?: (trx: Kysely<Database>, quote: CreatedQuote) => Promise<void>;
};

export type CreatedQuote = {
  id: string;
  reference: string;
  hours: number;
  cleaners: number;
  hourlyRateCents: number;
  totalCents: number;
  explanation: string;
  createdAt: string;
  webhookMessageId: string;
};

/**
 * A stored quote, or why not: "invalid" (the spec's message, or "Please complete all required
 * fields", with one per field), "unavailable" (docs/product/public-site.md#validation-rules: the
 * connectivity check failed) or "failed" (the insert failed or returned nothing; the message
 * names why, for logs, not for visitors).
 */
export type CreateQuoteResult = Result<{ quote: CreatedQuote }>;

export type QuoteEstimateResult = Result<{ estimate: Estimate }>;

// CreateQuoteSchema's fields, and where each sits in the wizard payload.
const SPEC_FIELD_PATHS: Record<string, string> = {
  clientName: "leadInfo.name",
  clientEmail: "leadInfo.email",
  serviceType: "serviceType",
  cleaningLevel: "cleaningLevel",
  estimatedHours: "estimatedHours",
};

const record = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/**
 * docs/product/public-site.md#validation-rules "Quote creation": the row-level checks, in the spec's order, on what the
 * payload says (the hours are ours). Returns the first message and one per failing field.
 */
function specIssues(input: unknown, estimatedHours: number) {
  const payload = record(input);
  const lead = record(payload.leadInfo);
  const result = CreateQuoteSchema.safeParse({
    clientName: lead.name,
    clientEmail: lead.email,
    clientPhone: typeof lead.phone === "string" ? lead.phone : null,
    serviceType: payload.serviceType,
    cleaningLevel: payload.cleaningLevel,
    estimatedHours,
  });
  if (result.success) return { first: null, fields: {} as QuoteFieldErrors };
  const fields: QuoteFieldErrors = {};
  for (const issue of result.error.issues) {
    const path = SPEC_FIELD_PATHS[String(issue.path[0])] ?? issue.path.join(".");
    fields[path] ??= issue.message;
  }
  return { first: result.error.issues[0]!.message, fields };
}

function invalid(message: string, fieldErrors: QuoteFieldErrors): CreateQuoteResult {
  return failure("invalid", message, fieldErrors);
}

/**
 * docs/decisions/0050-wizard-history-and-suburbs.md: an address must name a suburb of the NSW list
 * (one outside the service area is still quoted, and flagged); anything else is not priced.
 */
async function suburbProblem(
  db: Kysely<Database>,
  address: string | undefined,
): Promise<QuoteFieldErrors | null> {
  if (!address || (await namesListedSuburb(db, address))) return null;
  return { "spaceDetails.address": QUOTE_WIZARD_MESSAGES.suburbNotListed };
}

/**
 * A lead from another website form (post-construction, subscription) with no price yet, written
 * in the caller's transaction: the way other features add a quote, never quote's repository.
 */
export async function insertWebsiteLead(
  db: Kysely<Database>,
  lead: Parameters<typeof websiteLeadRow>[0],
) {
  return insertQuote(db, websiteLeadRow(lead));
}

/**
 * A website lead priced by a subscription plan (docs/decisions/0072-plans-and-visit-prices.md): a
 * visit of up to `hours` cleaner-hours at the plan's visit price, pending, so it may be booked at
 * once. Written in the caller's transaction, or on its own.
 */
export async function insertPlanQuote(
  db: Kysely<Database>,
  lead: Parameters<typeof websiteLeadRow>[0] & { hours: number; totalCents: number },
) {
  return insertQuote(db, {
    ...websiteLeadRow(lead),
    status: "pending",
    estimated_hours: lead.hours,
    cleaners_needed: 1,
    hourly_rate_cents: Math.round(lead.totalCents / lead.hours),
    total_cents: lead.totalCents,
  });
}

/** The hours, cleaners and total for a payload, at the current rate; nothing is stored. */
export async function estimateQuote(
  db: Kysely<Database>,
  input: unknown,
): Promise<QuoteEstimateResult> {
  const parsed = EstimateRequestSchema.safeParse(input);
  if (!parsed.success) {
    const { first, fields } = specIssues(
      { ...record(input), leadInfo: { name: "-", email: "-" } },
      0,
    );
    return failure("invalid", first ?? QUOTE_WIZARD_MESSAGES.incomplete, {
      ...fieldErrorsOf(parsed.error),
      ...fields,
    });
  }
  const suburb = await suburbProblem(db, parsed.data.spaceDetails.address);
  if (suburb) return failure("invalid", QUOTE_WIZARD_MESSAGES.incomplete, suburb);
  const { hourlyRateCents } = await getBusinessProfile(db);
  return { ok: true, estimate: estimate(parsed.data, hourlyRateCents) };
}

/** Creates a website quote from a wizard payload. Never throws for a caller's mistake. */
export async function createQuote(
  db: Kysely<Database>,
  input: unknown,
  ctx: QuoteContext,
): Promise<CreateQuoteResult> {
  try {
    await readAnyQuoteId(db);
  } catch {
    return failure("unavailable", QUOTE_STORE_MESSAGES.databaseConnectionFailed);
  }

  const parsed = QuoteRequestSchema.safeParse(input);
  const spec = specIssues(input, 0);
  if (!parsed.success || spec.first) {
    const fieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error);
    return invalid(spec.first ?? QUOTE_WIZARD_MESSAGES.incomplete, {
      ...fieldErrors,
      ...spec.fields,
    });
  }
  const request = parsed.data;
  const suburb = await suburbProblem(db, request.spaceDetails.address);
  if (suburb) return invalid(QUOTE_WIZARD_MESSAGES.incomplete, suburb);

  const now = ctx.now ?? new Date();
  // Read once: the rate prices the quote, and the emails in its transaction are signed with it.
  const profile = await getBusinessProfile(db);
  const priced = estimate(request, profile.hourlyRateCents);
  // docs/product/public-site.md#validation-rules: "Invalid estimated hours", on the hours we computed
  const hoursCheck = specIssues(input, priced.hours);
  if (hoursCheck.first) return invalid(hoursCheck.first, hoursCheck.fields);

  if (!(await quotePhotosAvailable(db, request.images, now))) {
    return invalid(QUOTE_WIZARD_MESSAGES.incomplete, {
      images: QUOTE_WIZARD_MESSAGES.photoInvalid,
    });
  }
  const preferredCleanerId = request.preferredCleanerId
    ? ((await findPreferableCleanerId(db, request.preferredCleanerId)) ?? null)
    : null;

  try {
    return await storeQuote(db, { request, priced, preferredCleanerId, profile }, ctx, now);
  } catch (error) {
    if (error instanceof UploadClaimError) {
      return invalid(QUOTE_WIZARD_MESSAGES.incomplete, {
        images: QUOTE_WIZARD_MESSAGES.photoInvalid,
      });
    }
    const reason = error instanceof Error ? error.message : String(error);
    return failure("failed", failedToCreateQuoteMessage(reason));
  }
}

/**
 * docs/product/public-site.md#entities-and-fields: what space_details holds for a website quote. An address
 * outside the service area is quoted and flagged (`outsideServiceArea`), as the area was then.
 */
function spaceDetailsOf(request: QuoteRequest, outsideServiceArea: boolean) {
  return {
    ...request.spaceDetails,
    ...(outsideServiceArea ? { outsideServiceArea: true } : {}),
    preferences: request.preferences,
    conditions: request.conditions,
    images: request.images.map(uploadUrl),
    photosWaived: request.photosWaived,
  };
}

// Thrown inside the quote's transaction so the photos it claimed are given back.
class NoDataReturned extends Error {}

type QuoteRow = ReturnType<typeof quoteRowOf>;

async function storeQuote(
  db: Kysely<Database>,
  quote: {
    request: QuoteRequest;
    priced: Estimate;
    preferredCleanerId: string | null;
    profile: BusinessProfile;
  },
  { publicUrl, withinTransaction }: QuoteContext,
  now: Date,
): Promise<CreateQuoteResult> {
  const { request, priced, preferredCleanerId, profile } = quote;
  const outside = await isOutsideServiceArea(db, request.spaceDetails.address);
  const spaceDetails = spaceDetailsOf(request, outside);
  const row = quoteRowOf(request, priced, spaceDetails, preferredCleanerId, now.toISOString());
  try {
    // Quotes sent together share one commit (docs/decisions/0062-quote-posts-skip-routers-share-commits.md);
    // each is still stored whole or not at all, and answered only once it is on disk.
    const quote = await inSharedTransaction(db, async (trx) => {
      const inserted = await insertQuote(trx, row);
      if (!inserted) throw new NoDataReturned();
      await claimQuotePhotos(trx, request.images, inserted.id, now);
      const webhookMessageId = await enqueueQuoteWebhook(
        trx,
        row,
        inserted.id,
        spaceDetails,
        publicUrl,
      );
      await announceQuote(trx, {
        row,
        inserted,
        request,
        priced,
        preferredCleanerId,
        publicUrl,
        profile,
      });
      const stored: CreatedQuote = {
        id: inserted.id,
        reference: inserted.reference,
        hours: priced.hours,
        cleaners: priced.cleaners,
        hourlyRateCents: priced.hourlyRateCents,
        totalCents: priced.totalCents,
        explanation: priced.explanation,
        createdAt: row.created_at,
        webhookMessageId,
      };
      await withinTransaction?.(trx, stored);
      return stored;
    });
    return { ok: true, quote };
  } catch (error) {
    if (error instanceof NoDataReturned)
      return failure("failed", QUOTE_STORE_MESSAGES.noDataReturned);
    throw error;
  }
}

function quoteRowOf(
  request: QuoteRequest,
  priced: Estimate,
  spaceDetails: ReturnType<typeof spaceDetailsOf>,
  preferredCleanerId: string | null,
  createdAt: string,
) {
  return {
    id: newId(),
    reference: newReference(),
    client_name: request.leadInfo.name,
    client_email: request.leadInfo.email,
    client_phone: request.leadInfo.phone || null,
    service_type: request.serviceType,
    space_details: JSON.stringify(spaceDetails),
    cleaning_level: request.cleaningLevel,
    estimated_hours: priced.hours,
    cleaners_needed: priced.cleaners,
    hourly_rate_cents: priced.hourlyRateCents,
    total_cents: priced.totalCents,
    // docs/product/public-site.md#statuses-and-flows: a website quote starts pending, a new lead from the website
    status: "pending" as const,
    lead_status: "new" as const,
    lead_source: "website",
    notes: priced.explanation,
    preferred_cleaner_id: preferredCleanerId,
    created_at: createdAt,
    updated_at: createdAt,
  };
}

/** The quote-created webhook, in the quote's transaction; answers its outbox message's id. */
async function enqueueQuoteWebhook(
  trx: Kysely<Database>,
  row: QuoteRow,
  quoteId: string,
  spaceDetails: ReturnType<typeof spaceDetailsOf>,
  publicUrl: string,
) {
  const webhook = quoteCreatedWebhook({
    clientName: row.client_name,
    clientEmail: row.client_email,
    clientPhone: row.client_phone,
    serviceType: row.service_type,
    cleaningLevel: row.cleaning_level,
    estimatedHours: row.estimated_hours,
    // The automation host is elsewhere: photo links must carry our origin.
    spaceDetails: { ...spaceDetails, images: spaceDetails.images.map((u) => publicUrl + u) },
    status: row.status,
    leadStatus: row.lead_status,
    leadSource: row.lead_source,
    notes: row.notes,
    createdAt: row.created_at,
  });
  return enqueueWebhook(trx, { ...webhook, subjectType: "quote", subjectId: quoteId });
}

/** The staff's new-lead email and the customer's quote email, in the quote's transaction. */
async function announceQuote(
  trx: Kysely<Database>,
  args: {
    row: QuoteRow;
    inserted: { id: string; reference: string };
    request: QuoteRequest;
    priced: Estimate;
    preferredCleanerId: string | null;
    publicUrl: string;
    profile: BusinessProfile;
  },
) {
  const { row, inserted, request, priced, preferredCleanerId, publicUrl, profile } = args;
  // docs/decisions/0024-notification-toggles.md: staff hear of the new lead, unless they turned email notifications off.
  await notifyStaffByEmail(
    trx,
    { ...staffEmail(request, priced, inserted), leadUrl: leadDetailsUrl(publicUrl, inserted.id) },
    profile,
  );
  // docs/decisions/0024-notification-toggles.md: the customer gets the quote by email whatever the
  // staff toggle says (it is about staff emails), in this transaction like every other message.
  await enqueueCustomerQuoteEmail(trx, {
    quoteId: inserted.id,
    reference: inserted.reference,
    request,
    priced,
    summary: summariseQuote({
      serviceType: row.service_type,
      cleaningLevel: row.cleaning_level,
      spaceDetails: row.space_details,
    }),
    cleanerName: preferredCleanerId
      ? ((await getPublicCleanerProfile(trx, preferredCleanerId))?.displayName ?? null)
      : null,
    publicUrl,
    profile,
  });
}

/** The quote's own address, and the booking page for it (docs/decisions/0005-durable-references.md). */
export function quoteLinks(publicUrl: string, reference: string) {
  const ref = encodeURIComponent(reference);
  const origin = publicUrl.replace(/\/+$/, "");
  return { result: `${origin}/quote-result?ref=${ref}`, booking: `${origin}/booking?ref=${ref}` };
}

/**
 * "We send your quote here" (step 5). The hours and what they mean, the total, the
 * explanation and what was quoted, with links to the quote result and to book: if the tab is
 * closed, the quote is not lost.
 */
async function enqueueCustomerQuoteEmail(
  trx: Kysely<Database>,
  quote: {
    quoteId: string;
    reference: string;
    request: QuoteRequest;
    priced: Estimate;
    summary: QuoteSummary;
    cleanerName: string | null;
    publicUrl: string;
    profile: BusinessProfile;
  },
) {
  const { request, priced, reference, profile } = quote;
  const links = quoteLinks(quote.publicUrl, reference);
  const firstName = request.leadInfo.name.split(/\s+/)[0] ?? request.leadInfo.name;
  const rendered = renderEmail(
    {
      heading: "Your cleaning quote",
      preheader: `${formatHours(priced.hours)}, ${formatMoney(priced.totalCents)} (GST included). Reference ${reference}.`,
      paragraphs: [
        `Hello ${firstName}, thank you for asking us. Here is your quote, reference ${reference}.`,
        `Estimated hours: ${formatHours(priced.hours)}. ${describeVisit(priced.hours, priced.cleaners, priced.hourlyRateCents)}`,
        `Total: ${formatMoney(priced.totalCents)} (AUD, GST included).`,
        `How we estimated it: ${priced.explanation}`,
        ...summaryLines(quote.summary),
        ...(quote.cleanerName ? [`Your preferred cleaner: ${quote.cleanerName}.`] : []),
        `See your quote at any time: ${links.result}`,
      ],
      // The button (and its line in the text part) is the one link to book.
      action: { label: "Book this clean", url: links.booking },
    },
    profile,
  );
  return enqueueEmail(trx, {
    topic: "quote.customer_copy",
    subjectType: "quote",
    subjectId: quote.quoteId,
    to: request.leadInfo.email,
    replyTo: profile.email,
    subject: `Your quote ${reference}: ${formatMoney(priced.totalCents)}`,
    html: rendered.html,
    text: rendered.text,
  });
}

/** The team's short, plain summary of a new website quote. */
function staffEmail(
  request: QuoteRequest,
  priced: Estimate,
  inserted: { id: string; reference: string },
) {
  const { name, email, phone } = request.leadInfo;
  const service = SERVICE_TYPE_LABELS[request.serviceType];
  const level = CLEANING_LEVEL_COPY[request.cleaningLevel].name;
  return {
    topic: "quote.created",
    subjectType: "quote",
    subjectId: inserted.id,
    replyTo: email,
    subject: `New quote: ${name}, ${service} ${level} (${inserted.reference})`,
    heading: "New website quote",
    paragraphs: [
      `${name} got an instant quote on the website.`,
      `Service: ${service}, ${level}.`,
      `Estimated hours: ${formatHours(priced.hours)}. Total: ${formatMoney(priced.totalCents)} (GST included).`,
      `Email: ${email}.${phone ? ` Phone: ${phone}.` : ""}`,
      `Reference ${inserted.reference}. The quote waits in the leads board as a new lead.`,
    ],
  };
}

export type QuoteResult = {
  reference: string;
  serviceType: string;
  cleaningLevel: string | null;
  hours: number;
  cleaners: number;
  hourlyRateCents: number;
  totalCents: number;
  explanation: string;
  /** What was quoted, restated */
  summary: QuoteSummary;
  /** The preferred cleaner's public name ("Sofia M."), when one was chosen (docs/decisions/0020-provider-book-now.md) */
  preferredCleaner: { id: string; name: string } | null;
  /** The quote's email is the signed-in customer's, so their own rewards tier may be shown */
  ownedBySignedIn: boolean;
  /** What became of it: still to book, booked, or its booking cancelled */
  state: QuoteState;
};

export type QuoteState = "open" | "booked" | "cancelled";

/**
 * A quote's state from its lifecycle (docs/decisions/0027-lead-lifecycle.md): a paid booking
 * takes it back to "pending" with its lead "booked", so the lead says booked as well.
 */
export function quoteStateOf(row: { status: QuoteStatus; lead_status: LeadStatus }): QuoteState {
  if (row.status === "cancelled") return "cancelled";
  const bookedStatuses: QuoteStatus[] = ["pending_payment", "assigned", "completed"];
  return bookedStatuses.includes(row.status) || row.lead_status === "booked" ? "booked" : "open";
}

/**
 * docs/decisions/0005-durable-references.md: the priced quote behind /quote-result?ref=…, as it was stored (docs/decisions/0003-one-hourly-rate.md: its own rate and total),
 * or null for a missing, malformed, unknown, deleted or unpriced reference.
 */
export async function findQuoteResult(
  db: Kysely<Database>,
  reference: string | null,
  /** The signed-in customer's email, if any (docs/decisions/0047-rewards-follow-the-email.md) */
  signedInEmail: string | null = null,
): Promise<QuoteResult | null> {
  if (!reference || !isReference(reference)) return null;
  const row = await findQuoteByReference(db, reference);
  if (
    !row ||
    row.estimated_hours === null ||
    row.hourly_rate_cents === null ||
    row.total_cents === null
  ) {
    return null;
  }
  const cleaner = row.preferred_cleaner_id
    ? await getPublicCleanerProfile(db, row.preferred_cleaner_id)
    : null;
  return {
    reference: row.reference,
    serviceType: row.service_type,
    cleaningLevel: row.cleaning_level,
    hours: Number(row.estimated_hours),
    cleaners: Number(row.cleaners_needed ?? 1),
    hourlyRateCents: Number(row.hourly_rate_cents),
    totalCents: Number(row.total_cents),
    explanation: row.notes ?? "",
    summary: summariseQuote({
      serviceType: row.service_type,
      cleaningLevel: row.cleaning_level,
      spaceDetails: row.space_details,
    }),
    preferredCleaner: cleaner ? { id: cleaner.id, name: cleaner.displayName } : null,
    ownedBySignedIn:
      signedInEmail !== null &&
      row.client_email.trim().toLowerCase() === signedInEmail.trim().toLowerCase(),
    state: quoteStateOf(row),
  };
}
