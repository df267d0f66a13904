import type { ReactNode } from "react";

/**
 * A job's facts as label and value pairs (suburb, time, hours, pay…): the emailed offer page and
 * the cleaner's app show a job the same way.
 */
export function JobFacts({
  facts,
  className = "",
}: {
  facts: readonly (readonly [label: string, value: ReactNode])[];
  className?: string;
}) {
  return (
    <dl className={`grid grid-cols-[auto_1fr] gap-x-4 ${className}`}>
      {facts.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
