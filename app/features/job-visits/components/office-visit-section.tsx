import type { OfficeVisit } from "../job-visits";
import { PhotoThumbs } from "./photo-thumbs";

// docs/decisions/0068-job-visits.md: the job's visit in the lead details: each seat's status and
// times, where check-in happened (near the address or not, never the position), the checklist,
// the problems and the actual hours.

const SECTION = "border-t border-line pt-4 dark:border-ivory/10";
const HEADING = "text-sm font-semibold tracking-wide text-muted uppercase dark:text-mist";
const SOFT = "text-muted dark:text-mist";

export function OfficeVisitSection({ leadId, visit }: { leadId: string; visit: OfficeVisit }) {
  const headingId = `visit-${leadId}`;
  return (
    <section aria-labelledby={headingId} className={SECTION}>
      <h3 id={headingId} className={HEADING}>
        Job visit
      </h3>
      {visit.actualHours && <p className="mt-2 font-semibold">Actual hours: {visit.actualHours}</p>}
      <ol className="mt-2 space-y-2">
        {visit.seats.map((seat) => (
          <li key={seat.seat} data-testid="visit-seat">
            <span className="font-semibold">
              {seat.cleaner}: {seat.statusLabel}
            </span>
            <span className={`block ${SOFT}`}>
              {[
                seat.onMyWay && `On the way ${seat.onMyWay}`,
                seat.checkedIn && `In ${seat.checkedIn}`,
                seat.checkedOut && `Out ${seat.checkedOut}`,
                seat.onSite && `${seat.onSite} on site`,
                seat.place,
              ]
                .filter(Boolean)
                .join(" · ") || "Not started"}
            </span>
            <PhotoThumbs photos={seat.photos} />
          </li>
        ))}
      </ol>
      {visit.problems.length > 0 && (
        <ul className="mt-3 space-y-1">
          {visit.problems.map((problem, index) => (
            <li key={index} className="font-semibold text-danger dark:text-red-300">
              Problem: {problem.kind}, {problem.by} at {problem.at}
              {problem.details && <span className="block font-normal">{problem.details}</span>}
            </li>
          ))}
        </ul>
      )}
      {visit.checklist.length > 0 && (
        <ul className="mt-3 space-y-0.5" aria-label="Checklist">
          {visit.checklist.map((item) => (
            <li key={item.id}>
              {item.tickedBy ? "✓" : "✗"} {item.label}
              <span className={SOFT}>
                {item.tickedBy
                  ? ` (${item.tickedBy.replace(/^Ticked by /, "")})`
                  : item.skipReason
                    ? `: not done, ${item.skipReason}`
                    : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
