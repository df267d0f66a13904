import { BADGE_TONE_CLASSES, badgeTone, type BadgeKind } from "./status-tones";

/** A status as a coloured pill; the label is the words, the colour only repeats them. */
export function StatusBadge({
  kind,
  status,
  label,
}: {
  kind: BadgeKind;
  status: string;
  label: string;
}) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${BADGE_TONE_CLASSES[badgeTone(kind, status)]}`}
    >
      {label}
    </span>
  );
}
