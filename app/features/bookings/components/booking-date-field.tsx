import { DayPicker } from "react-day-picker";
import { enAU } from "react-day-picker/locale";
import { FieldError } from "~/components/kit/field";
import { INPUT_CLASS } from "~/components/kit/input-class";
import { useHydrated } from "~/components/site/use-hydrated";
import { formatLongDate } from "~/lib/format";

// The booking date (docs/product/public-site.md#booking-page; earliest Sydney's tomorrow,
// docs/decisions/0009-sydney-time-and-money.md). Before JavaScript runs it is the browser's own
// date input, which posts as it is; once hydrated, react-day-picker's calendar (arrow keys move
// between days, Enter chooses) with the value in a hidden input. Days with no team free for the
// clean are disabled (docs/decisions/0060-crews-and-cleaner-holds.md), and turning the month asks
// for that month's.

export const NO_ROOM_NOTE = "Days we are closed or fully booked cannot be chosen.";

const toDate = (value: string) => {
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};
const toValue = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;

export function BookingDateField({
  id,
  name,
  value,
  onChange,
  earliest,
  latest,
  daysWithoutRoom = [],
  onMonthChange,
  error,
}: {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  earliest: string;
  latest: string;
  /** YYYY-MM-DD days on which no slot has a whole crew free */
  daysWithoutRoom?: readonly string[];
  /** Called with YYYY-MM when the calendar shows another month */
  onMonthChange?: (month: string) => void;
  error?: string;
}) {
  const hydrated = useHydrated();
  const errorId = error ? `${id}-error` : undefined;
  if (!hydrated) {
    return (
      <div>
        <label htmlFor={id} className="block text-sm font-semibold">
          Date
        </label>
        <input
          id={id}
          name={name}
          type="date"
          min={earliest}
          max={latest}
          defaultValue={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          className={`${INPUT_CLASS} mt-1.5`}
        />
        <FieldError id={errorId} error={error} />
      </div>
    );
  }
  return (
    <fieldset aria-describedby={[`${id}-chosen`, errorId].filter(Boolean).join(" ")}>
      <legend className="text-sm font-semibold">Date</legend>
      <input type="hidden" name={name} value={value} />
      <DayPicker
        mode="single"
        locale={enAU}
        selected={value ? toDate(value) : undefined}
        onSelect={(day) => onChange(day ? toValue(day) : "")}
        defaultMonth={value ? toDate(value) : toDate(earliest)}
        startMonth={toDate(earliest)}
        endMonth={toDate(latest)}
        onMonthChange={(month) => onMonthChange?.(toValue(month).slice(0, 7))}
        disabled={[
          { before: toDate(earliest) },
          { after: toDate(latest) },
          ...daysWithoutRoom.map(toDate),
        ]}
        // The brand's ink for the calendar: important, since react-day-picker's own sheet is unlayered.
        className="mt-2 [--rdp-accent-background-color:var(--color-ivory)]! [--rdp-accent-color:var(--color-ink)]!"
      />
      <p id={`${id}-chosen`} aria-live="polite" className="mt-1 text-sm text-ink-soft">
        {value ? `Chosen: ${formatLongDate(value)}` : "No date chosen yet."}
      </p>
      <p className="mt-1 text-sm text-ink-soft">{NO_ROOM_NOTE}</p>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
