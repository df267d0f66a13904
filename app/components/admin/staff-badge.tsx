/** Who is signed in, shown above Sign out. */
export function StaffBadge({ name }: { name: string }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join("");
  return (
    <div className="flex items-center gap-3 px-3 py-2">
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-gold text-xs font-semibold text-ink"
      >
        {initials || "?"}
      </span>
      <p className="min-w-0 text-sm leading-tight">
        <span className="sr-only">Signed in as </span>
        <span className="block truncate font-semibold text-ivory">{name}</span>
      </p>
    </div>
  );
}
