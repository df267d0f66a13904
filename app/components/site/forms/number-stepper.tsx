import { Minus, Plus } from "lucide-react";
import { useId } from "react";

// docs/product/public-site.md#validation-rules: number steppers cannot go below 0.

const BUTTON =
  "inline-flex size-11 shrink-0 items-center justify-center rounded-md border border-ink/25 bg-white text-ink hover:border-ink disabled:cursor-not-allowed disabled:opacity-40";

export function NumberStepper({
  label,
  value,
  onChange,
  max,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  max: number;
}) {
  const id = useId();
  const set = (next: number) => onChange(Math.min(max, Math.max(0, Math.trunc(next) || 0)));
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <div className="mt-1.5 flex items-center gap-2">
        <button
          type="button"
          className={BUTTON}
          onClick={() => set(value - 1)}
          disabled={value <= 0}
          aria-label={`Fewer ${label.toLowerCase()}`}
        >
          <Minus aria-hidden="true" className="size-4" />
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={0}
          max={max}
          step={1}
          value={value}
          onChange={(event) => set(Number(event.target.value))}
          className="min-h-11 w-20 rounded-md border border-ink/55 bg-white px-3 py-2 text-center text-base"
        />
        <button
          type="button"
          className={BUTTON}
          onClick={() => set(value + 1)}
          disabled={value >= max}
          aria-label={`More ${label.toLowerCase()}`}
        >
          <Plus aria-hidden="true" className="size-4" />
        </button>
      </div>
    </div>
  );
}
