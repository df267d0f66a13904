type Props = {
  id: string;
  title: React.ReactNode;
  eyebrow?: string;
  intro?: React.ReactNode;
  align?: "start" | "center";
  tone?: "light" | "dark";
};

/** A section's h2 with its optional eyebrow and intro; `id` labels the section. */
export function SectionHeading({
  id,
  title,
  eyebrow,
  intro,
  align = "center",
  tone = "light",
}: Props) {
  const dark = tone === "dark";
  return (
    <div className={align === "center" ? "mx-auto max-w-2xl text-center" : "max-w-2xl"}>
      {eyebrow && (
        <p
          className={`text-xs font-semibold tracking-[0.2em] uppercase ${dark ? "text-gold" : "text-gold-deep"}`}
        >
          {eyebrow}
        </p>
      )}
      <h2
        id={id}
        className={`font-display text-3xl leading-tight font-medium text-balance sm:text-4xl ${eyebrow ? "mt-3" : ""}`}
      >
        {title}
      </h2>
      {intro && (
        <p className={`mt-4 text-base leading-relaxed ${dark ? "text-mist" : "text-ink-soft"}`}>
          {intro}
        </p>
      )}
    </div>
  );
}
