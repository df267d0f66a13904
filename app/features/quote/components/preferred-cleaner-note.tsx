import { UserRound, X } from "lucide-react";
import { useSearchParams } from "react-router";

/**
 * docs/decisions/0020-provider-book-now.md: a Book Now from a cleaner's profile names that cleaner in the
 * wizard as the preferred cleaner, with a way to remove her (which also drops `?cleaner=` from the
 * address, so a refresh does not bring her back).
 */
export function PreferredCleanerNote({
  name,
  onRemove,
}: {
  name: string | undefined;
  onRemove: () => void;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  if (!name) return null;
  return (
    <div
      data-testid="preferred-cleaner"
      className="mb-8 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-gold/50 bg-white px-4 py-3"
    >
      <p className="flex items-center gap-2">
        <UserRound aria-hidden="true" className="size-5 text-gold-deep" strokeWidth={1.5} />
        <span>
          Preferred cleaner: <strong className="font-semibold">{name}</strong>
        </span>
      </p>
      <button
        type="button"
        onClick={() => {
          onRemove();
          if (searchParams.has("cleaner")) {
            const next = new URLSearchParams(searchParams);
            next.delete("cleaner");
            setSearchParams(next, { replace: true, preventScrollReset: true });
          }
        }}
        className="inline-flex min-h-11 items-center gap-1 px-2 font-semibold underline decoration-gold-deep/50 underline-offset-4"
      >
        <X aria-hidden="true" className="size-4" />
        Remove<span className="sr-only"> {name} as your preferred cleaner</span>
      </button>
    </div>
  );
}
