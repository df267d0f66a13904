import { useEffect, useState } from "react";
import { useHydrated } from "./use-hydrated";

// A form's answers kept in sessionStorage, so a refresh or Back loses nothing (the quote wizard,
// the post-construction request). Storage may refuse (private browsing, a full quota): the form
// still works, it just forgets on refresh.

/** The object last saved under `key`, or null when there is none (or it is not an object). */
export function readSessionValue<T extends object>(key: string): Partial<T> | null {
  try {
    const raw = window.sessionStorage.getItem(key);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === "object" && parsed !== null ? (parsed as Partial<T>) : null;
  } catch {
    return null;
  }
}

export function writeSessionValue(key: string, value: unknown) {
  try {
    window.sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // as above: forgotten on refresh
  }
}

export function removeSessionValue(key: string) {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // as above
  }
}

type Options<T> = {
  /** What to show for what was kept; by default the kept fields over `initial` */
  restore?: (stored: Partial<T>, initial: T) => T;
};

/**
 * State saved in sessionStorage under `key` on every change. The server and the hydrating render
 * start from `initial`, as a first visit does, so hydration moves nothing; once hydrated, what was
 * kept is restored (adjusting state while rendering, as React advises, rather than in an effect),
 * and nothing is saved before, or the fresh state would overwrite the visit.
 */
export function useSessionState<T extends object>(
  key: string,
  initial: T,
  options: Options<T> = {},
) {
  const [state, setState] = useState<T>(initial);
  const hydrated = useHydrated();
  const [restored, setRestored] = useState(false);
  if (hydrated && !restored) {
    setRestored(true);
    const stored = readSessionValue<T>(key);
    if (stored) {
      setState(options.restore ? options.restore(stored, initial) : { ...initial, ...stored });
    }
  }

  useEffect(() => {
    if (restored) writeSessionValue(key, state);
  }, [restored, key, state]);

  /** `restored` turns true once what was kept (if anything) is in `state` */
  return [state, setState, restored] as const;
}
