import * as Menu from "@radix-ui/react-dropdown-menu";
import { EllipsisVertical } from "lucide-react";
import { FLOATING_SURFACE, MENU_ITEM } from "./surface";

export type MenuAction = {
  label: string;
  onSelect: () => void;
  disabled?: boolean;
  /** A destructive action, in red (usually opening a ConfirmDialog). */
  danger?: boolean;
};

/**
 * A row's actions behind one "Actions for …" button: arrow keys move, Escape closes. `triggerId`
 * lets a dialog opened from the menu hand focus back to the button when it closes.
 */
export function RowActionsMenu({
  label,
  actions,
  triggerId,
}: {
  label: string;
  actions: MenuAction[];
  triggerId?: string;
}) {
  return (
    <Menu.Root>
      <Menu.Trigger
        id={triggerId}
        aria-label={label}
        className="inline-flex size-11 items-center justify-center rounded-md hover:bg-ink/5 dark:hover:bg-ivory/10"
      >
        <EllipsisVertical aria-hidden="true" className="size-4" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={4}
          className={`${FLOATING_SURFACE} z-50 min-w-44 p-1`}
        >
          {actions.map((action) => (
            <Menu.Item
              key={action.label}
              disabled={action.disabled}
              onSelect={action.onSelect}
              className={`${MENU_ITEM} ${action.danger ? "text-danger dark:text-red-300" : ""}`}
            >
              {action.label}
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
