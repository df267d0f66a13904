import { Star } from "lucide-react";

/** A review's own rating (docs/decisions/0023-honest-reviews.md), read out as "Rated 4 out of 5". */
export function StarRating({ rating }: { rating: number }) {
  return (
    <div role="img" aria-label={`Rated ${rating} out of 5`} className="flex gap-1">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          strokeWidth={1.25}
          // gold-deep: stars are information, so they need 3:1 against white (WCAG 1.4.11).
          className={`size-4 ${n <= rating ? "fill-current text-gold-deep" : "text-ink/30"}`}
        />
      ))}
    </div>
  );
}
