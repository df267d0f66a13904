import { Check } from "lucide-react";

/** A list of features, each behind a thin gold check. */
export function CheckList({ items, className = "" }: { items: string[]; className?: string }) {
  return (
    <ul className={`space-y-2.5 ${className}`}>
      {items.map((item) => (
        <li key={item} className="flex gap-3 leading-snug">
          <Check
            aria-hidden="true"
            className="mt-0.5 size-4 shrink-0 text-gold-deep"
            strokeWidth={1.75}
          />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
