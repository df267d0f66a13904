import { FieldError } from "~/components/kit/field";
import { INPUT_CLASS } from "~/components/kit/input-class";
import { OUTSIDE_AREA_NOTE } from "../quote-result-copy";
import { useSuburbCombobox, type Suggestion } from "./use-suburb-combobox";

// docs/decisions/0018-sydney-suburbs.md: the address type-ahead over real Sydney suburbs, as an ARIA 1.2 combobox (an input with a
// listbox popup). Any text the customer types is kept; the server refuses one naming no suburb of
// the NSW list (docs/decisions/0050-wizard-history-and-suburbs.md). Suggestions come
// from all of NSW; those outside the service area say so (docs/decisions/0018-sydney-suburbs.md), in the list and once chosen.

export function SuburbCombobox({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const box = useSuburbCombobox(onChange);
  const { id, listId, expanded, active } = box;

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
        onChange={(event) => box.type(event.target.value)}
        onKeyDown={box.onKeyDown}
        onBlur={box.onBlur}
        className={INPUT_CLASS}
      />
      <FieldError id={`${id}-error`} error={error} />
      <p aria-live="polite" className="text-sm font-semibold text-warning empty:hidden">
        {box.chosenOutside !== null && box.chosenOutside === value
          ? `${value}: ${OUTSIDE_AREA_NOTE}.`
          : ""}
      </p>
      <SuggestionList
        listId={listId}
        options={box.options}
        active={active}
        expanded={expanded}
        choose={box.choose}
      />
    </div>
  );
}

function SuggestionList({
  listId,
  options,
  active,
  expanded,
  choose,
}: {
  listId: string;
  options: Suggestion[];
  active: number;
  expanded: boolean;
  choose: (option: Suggestion) => void;
}) {
  return (
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
  );
}
