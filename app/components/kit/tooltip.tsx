import * as RadixTooltip from "@radix-ui/react-tooltip";

/**
 * A short label shown on hover and keyboard focus. Never the only place information lives: it
 * names an icon button that has no text, and that button carries the same aria-label.
 */
export function Tooltip({ content, children }: { content: string; children: React.ReactElement }) {
  return (
    <RadixTooltip.Provider delayDuration={300}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            sideOffset={4}
            className="z-50 rounded-md bg-ink px-2 py-1 text-xs text-ivory dark:bg-ivory dark:text-ink"
          >
            {content}
            <RadixTooltip.Arrow className="fill-ink dark:fill-ivory" />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
