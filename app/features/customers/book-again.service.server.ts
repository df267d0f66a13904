import type { Kysely } from "kysely";
import { z } from "zod";
import { isUpcoming } from "~/features/bookings/booking-rules";
import { createQuote } from "~/features/quote/quote.service.server";
import { parseForm } from "~/lib/forms";
import { failure, type Result } from "~/lib/result";
import type { Database } from "~/server/database";
import { BOOK_AGAIN_TEXT } from "./customer-copy";
import { findBookingToRepeat } from "./customers.repository.server";

// Book again (docs/decisions/0079-book-again.md): a past clean of the signed-in customer becomes
// a new quote with the same service, level, space, extras and address, priced afresh by the
// quote service at today's rate, with the same crew's lead as the preferred cleaner; the
// customer then picks a date on the booking page as for any quote.

const BookAgainSchema = z.object({
  bookingId: z.string().trim().min(1, BOOK_AGAIN_TEXT.notFound).max(64, BOOK_AGAIN_TEXT.notFound),
});

const SpaceDetailsColumn = z.looseObject({
  preferences: z.unknown().optional(),
  conditions: z.unknown().optional(),
  images: z.unknown().optional(),
  photosWaived: z.unknown().optional(),
  outsideServiceArea: z.unknown().optional(),
});

/** The stored quote's space_details split back into the wizard payload it came from. */
function wizardPartsOf(json: string) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  const result = SpaceDetailsColumn.safeParse(parsed);
  if (!result.success) return null;
  const {
    preferences,
    conditions,
    images: _images,
    photosWaived: _waived,
    outsideServiceArea: _outside,
    ...spaceDetails
  } = result.data;
  return { spaceDetails, preferences, conditions };
}

export async function bookAgain(
  db: Kysely<Database>,
  customerId: string,
  form: FormData,
  ctx: { publicUrl: string; now?: Date },
): Promise<Result<{ quoteReference: string }>> {
  const parsed = parseForm(form, BookAgainSchema);
  if (!parsed.ok) return failure("malformed", BOOK_AGAIN_TEXT.notFound);
  const now = ctx.now ?? new Date();
  const past = await findBookingToRepeat(db, parsed.value.bookingId, customerId);
  // Another customer's booking reads exactly like one that does not exist.
  if (!past) return failure("not_found", BOOK_AGAIN_TEXT.notFound);
  if (past.status === "cancelled" || isUpcoming(past.scheduled_date, past.time_slot, now)) {
    return failure("conflict", BOOK_AGAIN_TEXT.notPast);
  }
  const parts = wizardPartsOf(past.space_details);
  if (!parts) return failure("conflict", BOOK_AGAIN_TEXT.cannotRepeat);
  const preferredCleanerId = past.crew_lead_id ?? past.preferred_cleaner_id ?? undefined;
  const created = await createQuote(
    db,
    {
      serviceType: past.service_type,
      cleaningLevel: past.cleaning_level,
      ...parts,
      // The photos were of the last clean; staff have seen the place.
      images: [],
      photosWaived: true,
      leadInfo: {
        name: past.client_name,
        email: past.client_email,
        phone: past.client_phone ?? "",
      },
      ...(preferredCleanerId ? { preferredCleanerId } : {}),
    },
    { publicUrl: ctx.publicUrl, now },
  );
  if (!created.ok) {
    // A past quote the wizard's rules no longer accept (a service withdrawn since): the
    // customer asks for a fresh quote instead.
    return created.kind === "invalid" ? failure("conflict", BOOK_AGAIN_TEXT.cannotRepeat) : created;
  }
  return { ok: true, quoteReference: created.quote.reference };
}
