import { JobFacts } from "~/components/cleaner/job-facts";
import { phoneHref } from "~/lib/phone";
import { JOB_VISIT_TEXT } from "../job-visits-copy";
import type { JobVisitView } from "../job-visits";

/**
 * Where the job is and who is on it. The address and the client's first name and phone only
 * inside the contact window (docs/decisions/0068-job-visits.md); the suburb alone otherwise.
 */
export function WhereAndWho({ visit }: { visit: JobVisitView }) {
  return (
    <section
      aria-labelledby="where-heading"
      className="mt-6 rounded-lg border border-line bg-white p-5"
    >
      <h2 id="where-heading" className="sr-only">
        Where and who
      </h2>
      {visit.contact ? (
        <JobFacts
          className="gap-y-2"
          facts={[
            [
              "Address",
              <span key="address">
                {visit.contact.address}{" "}
                <a
                  href={visit.contact.mapsUrl}
                  target="_blank"
                  rel="noreferrer"
                  className="font-semibold whitespace-nowrap underline underline-offset-4"
                >
                  Open in maps
                </a>
              </span>,
            ],
            ["Client", visit.contact.clientFirstName],
            [
              "Phone",
              visit.contact.phone ? (
                <a
                  key="phone"
                  href={phoneHref(visit.contact.phone)}
                  className="font-semibold underline underline-offset-4"
                >
                  {visit.contact.phone}
                </a>
              ) : (
                "Not given"
              ),
            ],
          ]}
        />
      ) : (
        <p className="text-sm">{JOB_VISIT_TEXT.windowClosed}</p>
      )}
      {visit.notes && (
        <div className="mt-4">
          <p className="font-semibold">Notes from the office</p>
          <p className="mt-1 text-sm whitespace-pre-line">{visit.notes}</p>
        </div>
      )}
      <div className="mt-4">
        <p className="font-semibold">Crew</p>
        <ul className="mt-1 text-sm">
          {visit.crew.map((member) => (
            <li key={member.seat}>
              {member.mine ? "You" : member.firstName}: {member.statusLabel}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
