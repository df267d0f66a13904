import * as RadixPopover from "@radix-ui/react-popover";
import { FLOATING_SURFACE } from "./surface";

/** A small panel anchored to its trigger (filters, a quick edit); Escape and outside clicks close it. */
export function Popover({
  trigger,
  label,
  children,
}: {
  trigger: React.ReactNode;
  /** The panel's accessible name. */
  label: string;
  children: React.ReactNode;
}) {
  return (
    <RadixPopover.Root>
      <RadixPopover.Trigger asChild>{trigger}</RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content
          aria-label={label}
          sideOffset={6}
          className={`${FLOATING_SURFACE} z-50 w-72 max-w-[calc(100vw-2rem)] p-4`}
        >
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}
