import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { Dialog } from "~/components/kit/dialog";
import { Field, Textarea } from "~/components/kit/field";
import { FormMessage } from "~/components/kit/form-message";
import { StatusBadge } from "~/components/kit/status-badge";
import { canOfferJob } from "~/features/assignments/assignments";
import { OfficeVisitSection } from "~/features/job-visits/components/office-visit-section";
import { AssignCleanerButton } from "~/features/assignments/components/assign-cleaner-dialog";
import { buttonClasses } from "~/components/ui/button";
import type { LeadDetails } from "../lead-details";
import { LEADS_TEXT, STAFF_NOTES_MAX } from "../leads";
import { LeadActionButtons } from "./lead-row-action-items";
import { BookingActions, BookingPayment } from "./booking-actions";
import { CrewSection } from "./crew-section";
import { mailtoHref, telHref } from "./lead-menus";
import { SendQuoteForm } from "./send-quote-form";

/** What the notes form's action answers. */
export type NotesResult = { saved?: boolean; message?: string; error?: string };

const SECTION = "border-t border-line pt-4 dark:border-ivory/10";
const HEADING = "text-sm font-semibold tracking-wide text-muted uppercase dark:text-mist";

/** The quote details (docs/product/back-office.md#lead-management), in the dialog or on its own page. */
// eslint-disable-next-line max-lines-per-function -- markup only
export function LeadDetailsView({ lead }: { lead: LeadDetails }) {
  return (
    <div className="space-y-4 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge kind="quote" status={lead.status} label={lead.statusLabel} />
        {lead.service.requestLabel && (
          <span className="rounded-full border border-ink/25 px-2.5 py-0.5 text-xs font-semibold dark:border-ivory/30">
            {lead.service.requestLabel} request
          </span>
        )}
        {(lead.followUps ?? 0) > 0 && (
          <span className="rounded-full border border-ink/25 px-2.5 py-0.5 text-xs font-semibold dark:border-ivory/30">
            {LEADS_TEXT.followedUp(lead.followUps ?? 0)}
          </span>
        )}
        <span className="text-muted dark:text-mist">
          {lead.reference} · created <time dateTime={lead.created.iso}>{lead.created.label}</time>
        </span>
      </div>

      <section aria-labelledby={`client-${lead.id}`} className={SECTION}>
        <h3 id={`client-${lead.id}`} className={HEADING}>
          Client information
        </h3>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="font-semibold">Name</dt>
          <dd>
            {lead.client.customerHref ? (
              <Link className="underline" to={lead.client.customerHref}>
                {lead.client.name}
              </Link>
            ) : (
              lead.client.name
            )}
          </dd>
          <dt className="font-semibold">Email</dt>
          <dd className="break-all">
            <a
              className="underline"
              href={mailtoHref({ email: lead.client.email, reference: lead.reference })}
            >
              {lead.client.email}
            </a>
          </dd>
          <dt className="font-semibold">Phone</dt>
          <dd>
            {lead.client.phone ? (
              <a className="underline" href={telHref(lead.client.phone)}>
                {lead.client.phone}
              </a>
            ) : (
              "Not given"
            )}
          </dd>
        </dl>
      </section>

      <section aria-labelledby={`service-${lead.id}`} className={SECTION}>
        <h3 id={`service-${lead.id}`} className={HEADING}>
          Service details
        </h3>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="font-semibold">Service</dt>
          <dd>{lead.service.type}</dd>
          {lead.service.level && (
            <>
              <dt className="font-semibold">Level</dt>
              <dd>{lead.service.level}</dd>
            </>
          )}
          <dt className="font-semibold">Hours</dt>
          <dd>{lead.service.hours ?? "Not priced yet"}</dd>
          {lead.service.cleaners !== null && (
            <>
              <dt className="font-semibold">Cleaners</dt>
              <dd>{lead.service.cleaners}</dd>
            </>
          )}
          {lead.service.rate && (
            <>
              <dt className="font-semibold">Hourly rate</dt>
              <dd>{lead.service.rate}</dd>
            </>
          )}
          {lead.service.preferredTime && (
            <>
              <dt className="font-semibold">Preferred time</dt>
              <dd>{lead.service.preferredTime}</dd>
            </>
          )}
          <dt className="font-semibold">Preferred cleaner</dt>
          <dd>{lead.preferredCleaner ?? "None"}</dd>
        </dl>
        {lead.service.explanation && (
          <p className="mt-2 text-muted dark:text-mist">{lead.service.explanation}</p>
        )}
      </section>

      <section aria-labelledby={`space-${lead.id}`} className={SECTION}>
        <h3 id={`space-${lead.id}`} className={HEADING}>
          Space details
        </h3>
        {lead.space.length === 0 ? (
          <p className="mt-2">No details given.</p>
        ) : (
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            {lead.space.map((line) => (
              <div key={line.label} className="contents">
                <dt className="font-semibold">{line.label}</dt>
                <dd>{line.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>

      {lead.photos.length > 0 && <PhotoViewer photos={lead.photos} name={lead.client.name} />}

      {lead.bookings.length > 0 && (
        <section aria-labelledby={`booking-${lead.id}`} className={SECTION}>
          <h3 id={`booking-${lead.id}`} className={HEADING}>
            Booking
          </h3>
          {lead.bookings.map((booking) => (
            <div key={booking.reference}>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                <dt className="font-semibold">Reference</dt>
                <dd>{booking.reference}</dd>
                <dt className="font-semibold">Job date</dt>
                <dd>{booking.when}</dd>
                <dt className="font-semibold">Address</dt>
                <dd>{booking.address}</dd>
                <dt className="font-semibold">Booking</dt>
                <dd className="capitalize">{booking.status}</dd>
                <dt className="font-semibold">Payment</dt>
                <BookingPayment booking={booking} />
                {booking.cardChargeFailed && (
                  <>
                    <dt className="font-semibold">Card charge</dt>
                    <dd className="font-semibold text-danger dark:text-red-300">
                      {booking.cardChargeFailed}
                    </dd>
                  </>
                )}
              </dl>
              <BookingActions
                booking={booking}
                quoteId={lead.id}
                canRefund={lead.canRefund ?? false}
              />
            </div>
          ))}
        </section>
      )}

      {lead.series && <SeriesOfLead leadId={lead.id} series={lead.series} />}

      {lead.crew && <CrewSection leadId={lead.id} crew={lead.crew} />}
      {lead.visit && <OfficeVisitSection leadId={lead.id} visit={lead.visit} />}

      <LeadActionButtons
        lead={{
          id: lead.id,
          name: lead.client.name,
          reference: lead.reference,
          status: lead.status,
          priced: lead.total !== null,
        }}
        invoices={lead.invoices}
      />

      <section aria-labelledby={`timeline-${lead.id}`} className={SECTION}>
        <h3 id={`timeline-${lead.id}`} className={HEADING}>
          Timeline
        </h3>
        <ol className="mt-2 space-y-2">
          {lead.timeline.map((entry, index) => (
            <li key={`${entry.at.iso}-${index}`}>
              <time dateTime={entry.at.iso} className="block text-xs text-muted dark:text-mist">
                {entry.at.label}
              </time>
              <span className="font-semibold">{entry.title}</span>
              {entry.detail && (
                <span
                  className={`block ${entry.problem ? "font-semibold text-danger dark:text-red-300" : ""}`}
                >
                  {entry.detail}
                </span>
              )}
            </li>
          ))}
        </ol>
      </section>

      <SendQuoteForm lead={lead} />

      <StaffNotesForm lead={lead} />

      <p className={`${SECTION} text-base`}>
        <span className="font-semibold">Total: </span>
        {lead.total ?? "Not priced yet"}
        {lead.total && <span className="text-muted dark:text-mist"> (GST included)</span>}
      </p>
      {canOfferJob(lead.status) && (
        <AssignCleanerButton lead={{ id: lead.id, name: lead.client.name }} />
      )}
    </div>
  );
}

/** docs/decisions/0073-series-occurrences-are-bookings.md: the bookings are visits of a series. */
function SeriesOfLead({
  leadId,
  series,
}: {
  leadId: string;
  series: NonNullable<LeadDetails["series"]>;
}) {
  return (
    <section aria-labelledby={`series-${leadId}`} className={SECTION}>
      <h3 id={`series-${leadId}`} className={HEADING}>
        Regular clean
      </h3>
      <p className="mt-2">
        <span className="inline-block first-letter:uppercase">{series.wording}</span> ·{" "}
        {series.statusLabel}
      </p>
      {series.href && (
        <Link className="mt-1 inline-block underline" to={series.href}>
          Manage the regular clean on the customer&apos;s page
        </Link>
      )}
    </section>
  );
}

function StaffNotesForm({ lead }: { lead: LeadDetails }) {
  const fetcher = useFetcher<NotesResult>({ key: `lead-notes-${lead.id}` });
  const saving = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <fetcher.Form
      method="post"
      action={`/admin/quotes/${lead.id}`}
      className={`${SECTION} space-y-2`}
    >
      <input type="hidden" name="intent" value="notes" />
      <Field
        id={`notes-${lead.id}`}
        label="Notes"
        error={result?.error}
        hint="Only staff see these."
      >
        {(control) => (
          <Textarea
            name="notes"
            rows={4}
            maxLength={STAFF_NOTES_MAX}
            defaultValue={lead.staffNotes}
            {...control}
          />
        )}
      </Field>
      <FormMessage message={result?.message} tone="success" />
      <button
        type="submit"
        disabled={saving}
        className={buttonClasses("outline", "dark:border-ivory/40 dark:text-ivory")}
      >
        {saving ? "Saving..." : "Save notes"}
      </button>
    </fetcher.Form>
  );
}

/** The lead's photos as thumbnails; one opens large in a dialog with Previous and Next. */
function PhotoViewer({ photos, name }: { photos: LeadDetails["photos"]; name: string }) {
  const [shown, setShown] = useState<number | null>(null);
  const photo = shown === null ? null : photos[shown];
  return (
    <section aria-label="Photos" className={SECTION}>
      <h3 className={HEADING}>Photos</h3>
      <ul className="mt-2 flex flex-wrap gap-2">
        {photos.map((item, index) => (
          <li key={item.id}>
            <button
              type="button"
              onClick={() => setShown(index)}
              className="block rounded-md focus-visible:outline-2 focus-visible:outline-offset-2"
            >
              <img
                src={item.src}
                alt={`${name}'s space, ${index + 1} of ${photos.length}; opens larger`}
                width={96}
                height={72}
                loading="lazy"
                className="h-18 w-24 rounded-md object-cover"
              />
            </button>
          </li>
        ))}
      </ul>
      <Dialog
        title={`Photo ${(shown ?? 0) + 1} of ${photos.length}`}
        open={photo !== null && photo !== undefined}
        onOpenChange={(open) => !open && setShown(null)}
      >
        {photo && (
          <div className="space-y-3">
            <img
              src={photo.src}
              alt={`${name}'s space, ${(shown ?? 0) + 1} of ${photos.length}`}
              width={photo.width}
              height={photo.height}
              className="h-auto max-h-[60dvh] w-full rounded-md object-contain"
            />
            <div className="flex justify-between gap-2">
              <button
                type="button"
                className={buttonClasses("outline")}
                disabled={shown === 0}
                onClick={() => setShown((index) => Math.max(0, (index ?? 0) - 1))}
              >
                Previous
              </button>
              <button
                type="button"
                className={buttonClasses("outline")}
                disabled={shown === photos.length - 1}
                onClick={() => setShown((index) => Math.min(photos.length - 1, (index ?? 0) + 1))}
              >
                Next
              </button>
            </div>
          </div>
        )}
      </Dialog>
    </section>
  );
}
