import type { CustomerVisit } from "../job-visits";
import { PhotoThumbs } from "./photo-thumbs";

/**
 * On a My Bookings card (docs/decisions/0068-job-visits.md): who is on the way or that the clean
 * is in progress, and after the job the completed checklist, the proof of clean.
 */
export function CustomerVisitPanel({
  visit,
  bookingId,
}: {
  visit: CustomerVisit;
  bookingId: string;
}) {
  const proofId = `proof-${bookingId}`;
  return (
    <>
      {visit.live && (
        <p
          className="mt-4 rounded-md border border-gold/60 bg-ivory px-4 py-3 text-sm font-semibold"
          data-testid="visit-live"
        >
          {visit.live}
        </p>
      )}
      {visit.proof && (
        <section aria-labelledby={proofId} className="mt-4 text-sm" data-testid="proof-of-clean">
          <h4 id={proofId} className="font-semibold">
            Proof of clean
          </h4>
          <ul className="mt-2 grid gap-1">
            {visit.proof.map((item, index) => (
              <li key={index}>
                <span aria-hidden="true">{item.done ? "✓ " : "– "}</span>
                {item.label}
                {!item.done && (
                  <span className="text-muted">
                    {" "}
                    (not done{item.reason ? `: ${item.reason}` : ""})
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {visit.afterPhotos.length > 0 && (
        <div className="mt-3" data-testid="proof-photos">
          <PhotoThumbs photos={visit.afterPhotos} />
        </div>
      )}
    </>
  );
}
