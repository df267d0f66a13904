import { AdminPanel } from "~/components/admin/admin-page";
import type { SeriesView } from "../series.service.server";
import { SeriesCard, type SeriesCardAnswer } from "./series-card";

/** The id of the section, so a lead's details can link to it. */
export const REGULAR_CLEANS_SECTION = "regular-cleans";

/**
 * A customer's regular cleans on their back-office page: each series with its visits ahead and
 * staff's changes (docs/decisions/0073-series-occurrences-are-bookings.md).
 */
export function StaffSeriesSection({
  series,
  earliestDate,
  answer,
}: {
  series: SeriesView[];
  earliestDate: string;
  answer?: SeriesCardAnswer;
}) {
  return (
    <AdminPanel labelledBy={REGULAR_CLEANS_SECTION}>
      <h2 id={REGULAR_CLEANS_SECTION} className="mb-4 scroll-mt-24 text-lg font-semibold">
        Regular cleans
      </h2>
      {series.length === 0 ? (
        <p className="text-sm text-muted dark:text-mist">No regular cleans.</p>
      ) : (
        <div className="grid gap-4">
          {series.map((one) => (
            <SeriesCard
              key={one.id}
              series={one}
              earliestDate={earliestDate}
              answer={answer}
              staff
            />
          ))}
        </div>
      )}
    </AdminPanel>
  );
}
