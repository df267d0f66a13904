import type { PublicProfile } from "./site-data";

/** The live opening hours as a definition list: "Mon-Fri  7am-6pm". */
export function OpeningHoursList({
  hours,
  className = "",
}: {
  hours: PublicProfile["openingHours"];
  className?: string;
}) {
  return (
    <dl className={`space-y-1.5 ${className}`}>
      {hours.map((row) => (
        <div key={row.days} className="flex max-w-xs justify-between gap-6">
          <dt className="text-ink-soft">{row.days}</dt>
          <dd className="font-semibold">{row.hours}</dd>
        </div>
      ))}
    </dl>
  );
}
