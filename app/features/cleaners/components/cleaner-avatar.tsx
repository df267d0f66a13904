/** A cleaner's photo, or their initials in a circle when there is none we may show. */
export function CleanerAvatar({
  name,
  initials,
  photoUrl,
  size = "md",
}: {
  name: string;
  initials: string;
  photoUrl: string | null;
  size?: "md" | "lg";
}) {
  const box = size === "lg" ? "size-24 text-2xl" : "size-14 text-lg";
  if (photoUrl) {
    return (
      <img
        src={photoUrl}
        alt={name}
        width={size === "lg" ? 96 : 56}
        height={size === "lg" ? 96 : 56}
        className={`${box} shrink-0 rounded-full border border-line object-cover dark:border-ivory/15`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${box} inline-flex shrink-0 items-center justify-center rounded-full bg-ink/5 font-semibold text-ink-soft dark:bg-ivory/10 dark:text-mist`}
    >
      {initials || "?"}
    </span>
  );
}
