import { useEffect, useId, useRef, useState } from "react";
import { FieldError } from "~/components/kit/field";
import { INPUT_CLASS } from "~/components/kit/input-class";
import { OUTSIDE_AREA_NOTE } from "../quote-result-copy";

// docs/decisions/0018-sydney-suburbs.md: the address type-ahead over real Sydney suburbs, as an ARIA 1.2 combobox (an input with a
// listbox popup). Suggestions only help: any text the customer types is kept. Suggestions come
// from all of NSW; those outside the service area say so (docs/decisions/0018-sydney-suburbs.md), in the list and once chosen.

type Suggestion = { suburb: string; postcode: string; outsideArea?: boolean };

const DEBOUNCE_MS = 200;

export function formatSuburb(s: Suggestion) {
  return `${s.suburb} NSW ${s.postcode}`;
}

// eslint-disable-next-line max-lines-per-function -- a component whose state and handlers still sit beside its markup
export function SuburbCombobox({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const [query, setQuery] = useState<string | null>(null);
  const [found, setFound] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [chosenOutside, setChosenOutside] = useState<string | null>(null);
  const blurTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (query === null || query.trim().length < 2) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/suburbs?q=${encodeURIComponent(query.trim())}`, { signal: controller.signal })
        .then((response) => (response.ok ? (response.json() as Promise<Suggestion[]>) : []))
        .then((suggestions) => {
          setFound(suggestions);
          setActive(-1);
          setOpen(suggestions.length > 0);
        })
        .catch(() => {
          // aborted by the next keystroke, or offline: free text still works
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  useEffect(() => () => clearTimeout(blurTimer.current), []);

  // A query too short to search shows nothing, whatever an earlier one found.
  const options = query !== null && query.trim().length >= 2 ? found : [];
  const expanded = open && options.length > 0;
  const choose = (option: Suggestion) => {
    onChange(formatSuburb(option));
    setChosenOutside(option.outsideArea ? formatSuburb(option) : null);
    setOpen(false);
    setActive(-1);
    setQuery(null);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (options.length === 0) return;
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      if (!expanded) {
        setOpen(true);
        setActive(step === 1 ? 0 : options.length - 1);
        return;
      }
      setActive((current) => (current + step + options.length) % options.length);
    } else if (event.key === "Enter" && expanded && active >= 0) {
      event.preventDefault();
      choose(options[active]!);
    } else if (event.key === "Escape" && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="relative">
      <label htmlFor={id} className="block text-sm font-semibold">
        Suburb or address
      </label>
      <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
        Start typing your suburb or postcode, like Mosman or 2088
      </p>
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        aria-invalid={error ? true : undefined}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setQuery(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          blurTimer.current = setTimeout(() => setOpen(false), 150);
        }}
        className={INPUT_CLASS}
      />
      <FieldError id={`${id}-error`} error={error} />
      <p aria-live="polite" className="text-sm font-semibold text-warning empty:hidden">
        {chosenOutside !== null && chosenOutside === value ? `${value}: ${OUTSIDE_AREA_NOTE}.` : ""}
      </p>
      <div
        id={listId}
        role="listbox"
        aria-label="Suburbs"
        hidden={!expanded}
        className="absolute inset-x-0 z-20 mt-1 max-h-72 overflow-auto rounded-md border border-ink/25 bg-white py-1 shadow-lg"
      >
        {options.map((option, index) => (
          // Options are not focusable: the keyboard stays in the input (aria-activedescendant).
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <div
            key={`${option.suburb}-${option.postcode}`}
            id={`${listId}-${index}`}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
            className={`flex min-h-11 cursor-pointer items-center justify-between px-4 py-2 ${
              index === active ? "bg-gold/20" : "hover:bg-ivory-deep"
            }`}
          >
            <span>
              {option.suburb}
              {option.outsideArea && (
                <span className="block text-sm text-warning">{OUTSIDE_AREA_NOTE}</span>
              )}
            </span>
            <span className="text-sm text-muted">{option.postcode}</span>
          </div>
        ))}
      </div>
    </div>
  );
}
