import { useId, useRef, useState } from "react";

export type Tab = { value: string; label: string; content: React.ReactNode };

/** The chosen tab (its own, or `value` kept elsewhere), the ids, and the arrow-key moves. */
export function useTabs(
  tabs: Tab[],
  defaultValue: string | undefined,
  value: string | undefined,
  onValueChange: ((value: string) => void) | undefined,
) {
  const baseId = useId();
  const [own, setOwn] = useState(defaultValue ?? tabs[0]?.value);
  const selected = value ?? own;
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const select = (next: string) => {
    if (value === undefined) setOwn(next);
    onValueChange?.(next);
  };
  const tabId = (tab: string) => `${baseId}-tab-${tab}`;
  const panelId = (tab: string) => `${baseId}-panel-${tab}`;
  const setButton = (tab: string, element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(tab, element);
    else buttons.current.delete(tab);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.findIndex((tab) => tab.value === selected);
    const last = tabs.length - 1;
    const target = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = tabs[target]!.value;
    select(next);
    buttons.current.get(next)?.focus();
  };
  return { selected, select, tabId, panelId, setButton, onKeyDown };
}
