import * as RadixTabs from "@radix-ui/react-tabs";

/** Tabs: arrow keys move between them; each panel is labelled by its tab. */
export function Tabs({
  label,
  tabs,
  defaultValue,
}: {
  label: string;
  tabs: { value: string; label: string; content: React.ReactNode }[];
  defaultValue?: string;
}) {
  return (
    <RadixTabs.Root defaultValue={defaultValue ?? tabs[0]?.value}>
      <RadixTabs.List
        aria-label={label}
        className="flex gap-1 overflow-x-auto border-b border-line dark:border-ivory/10"
      >
        {tabs.map((tab) => (
          <RadixTabs.Trigger
            key={tab.value}
            value={tab.value}
            className="-mb-px min-h-11 border-b-2 border-transparent px-4 text-sm font-semibold text-muted data-[state=active]:border-gold-deep data-[state=active]:text-ink dark:text-mist dark:data-[state=active]:border-gold dark:data-[state=active]:text-ivory"
          >
            {tab.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {tabs.map((tab) => (
        <RadixTabs.Content key={tab.value} value={tab.value} className="pt-5">
          {tab.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
