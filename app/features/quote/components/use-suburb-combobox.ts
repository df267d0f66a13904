import { useEffect, useId, useRef, useState } from "react";

export type Suggestion = { suburb: string; postcode: string; outsideArea?: boolean };

const DEBOUNCE_MS = 200;

function formatSuburb(s: Suggestion) {
  return `${s.suburb} NSW ${s.postcode}`;
}

/**
 * The combobox's query, its suggestions (fetched after a pause in typing), the open list and its
 * active option, and the keys that move through them.
 */
export function useSuburbCombobox(onChange: (value: string) => void) {
  const id = useId();
  const listId = `${id}-list`;
  const [query, setQuery] = useState<string | null>(null);
  const [found, setFound] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [chosenOutside, setChosenOutside] = useState<string | null>(null);
  const blurTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useSuburbSearch(query, setFound, setActive, setOpen);
  useEffect(() => () => clearTimeout(blurTimer.current), []);

  const type = (text: string) => {
    onChange(text);
    setQuery(text);
  };
  const onBlur = () => {
    blurTimer.current = setTimeout(() => setOpen(false), 150);
  };

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
  return { id, listId, options, expanded, active, chosenOutside, choose, type, onKeyDown, onBlur };
}

/** Fetches the suggestions for `query` after a pause in typing; the next keystroke aborts it. */
function useSuburbSearch(
  query: string | null,
  setFound: (found: Suggestion[]) => void,
  setActive: (active: number) => void,
  setOpen: (open: boolean) => void,
) {
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
  }, [query, setFound, setActive, setOpen]);
}
