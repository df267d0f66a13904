import type { LucideIcon } from "lucide-react";

/** A lucide icon in a hairline circle: the one way the site sets an icon beside a title. */
export function IconBadge({
  icon: Icon,
  tone = "light",
}: {
  icon: LucideIcon;
  tone?: "light" | "dark";
}) {
  return (
    <span
      className={`inline-flex size-12 shrink-0 items-center justify-center rounded-full border ${
        tone === "dark" ? "border-gold/50 text-gold" : "border-gold/60 text-gold-deep"
      }`}
    >
      <Icon aria-hidden="true" className="size-5" strokeWidth={1.25} />
    </span>
  );
}
