import { useTabs, type Tab } from "./use-tabs";

// Written out rather than Radix's Tabs: Radix puts inline styles on the list and the active panel
// (outline, animation-duration), which the strict CSP refuses in server-rendered HTML.

/**
 * Tabs (WAI-ARIA tabs pattern): arrow keys, Home and End move between them and select
 * (automatic activation); only the selected tab is in the Tab order; each panel is labelled by
 * its tab. Pass `value` and `onValueChange` to keep the chosen tab somewhere else (the URL).
 */
export function Tabs({
  label,
  tabs,
  defaultValue,
  value,
  onValueChange,
}: {
  label: string;
  tabs: Tab[];
  defaultValue?: string;
  value?: string;
  onValueChange?: (value: string) => void;
}) {
  const { selected, select, tabId, panelId, setButton, onKeyDown } = useTabs(
    tabs,
    defaultValue,
    value,
    onValueChange,
  );

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        aria-orientation="horizontal"
        className="flex gap-1 overflow-x-auto border-b border-line dark:border-ivory/10"
      >
        {tabs.map((tab) => {
          const active = tab.value === selected;
          return (
            <button
              key={tab.value}
              ref={(element) => setButton(tab.value, element)}
              type="button"
              role="tab"
              id={tabId(tab.value)}
              aria-selected={active}
              // Only the selected tab's panel is rendered, so only it names one.
              aria-controls={active ? panelId(tab.value) : undefined}
              tabIndex={active ? 0 : -1}
              data-state={active ? "active" : "inactive"}
              onClick={() => select(tab.value)}
              onKeyDown={onKeyDown}
              className="-mb-px min-h-11 shrink-0 border-b-2 border-transparent px-4 text-sm font-semibold text-muted data-[state=active]:border-gold-deep data-[state=active]:text-ink dark:text-mist dark:data-[state=active]:border-gold dark:data-[state=active]:text-ivory"
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) =>
        tab.value === selected ? (
          <div
            key={tab.value}
            role="tabpanel"
            id={panelId(tab.value)}
            aria-labelledby={tabId(tab.value)}
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the APG tabs pattern: a panel takes focus
            tabIndex={0}
            className="pt-5"
          >
            {tab.content}
          </div>
        ) : null,
      )}
    </div>
  );
}
