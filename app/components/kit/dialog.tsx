import * as AlertDialog from "@radix-ui/react-alert-dialog";
import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { buttonClasses } from "~/components/ui/button";
import { FLOATING_SURFACE, OVERLAY } from "./surface";

const PANEL = `${FLOATING_SURFACE} fixed top-1/2 left-1/2 z-50 max-h-[85dvh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto p-6`;

/**
 * A modal dialog: focus moves in and stays, Escape closes it, focus returns to the trigger.
 * Opened without a trigger (after a drag, from a menu item), `returnFocusTo` names the element
 * focus goes back to.
 */
export function Dialog({
  trigger,
  title,
  description,
  open,
  onOpenChange,
  returnFocusTo,
  children,
}: {
  trigger?: React.ReactNode;
  title: string;
  description?: string;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  returnFocusTo?: string;
  children: React.ReactNode;
}) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={OVERLAY} />
        {/* Without a description, Radix is told so rather than warning in the console. */}
        <RadixDialog.Content
          className={PANEL}
          {...(description ? {} : { "aria-describedby": undefined })}
          onCloseAutoFocus={(event) => returnFocus(event, returnFocusTo)}
        >
          <RadixDialog.Title className="pr-10 text-lg font-semibold">{title}</RadixDialog.Title>
          {description && (
            <RadixDialog.Description className="mt-1 text-sm text-muted dark:text-mist">
              {description}
            </RadixDialog.Description>
          )}
          <div className="mt-4">{children}</div>
          <RadixDialog.Close
            aria-label="Close"
            className="absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-md hover:bg-ink/5 dark:hover:bg-ivory/10"
          >
            <X aria-hidden="true" className="size-4" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Focus goes back to the named element rather than where Radix would put it. */
function returnFocus(event: Event, returnFocusTo: string | undefined) {
  const target = returnFocusTo ? document.getElementById(returnFocusTo) : null;
  if (!target) return;
  event.preventDefault();
  target.focus();
}

/**
 * "Are you sure?" before something that cannot be taken back. The confirm button's own
 * onClick does the work (often submitting a form); Cancel is focused first. Opened without a
 * trigger (from a menu item, say), `returnFocusTo` names the element focus goes back to.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  onConfirm,
  open,
  onOpenChange,
  returnFocusTo,
  children,
}: {
  trigger?: React.ReactNode;
  title: string;
  description: string;
  confirmLabel: string;
  /** What the action touches, listed under the description (the jobs a suspension releases) */
  children?: React.ReactNode;
  onConfirm: () => void;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The id of the element to focus when the dialog closes. */
  returnFocusTo?: string;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={OVERLAY} />
        <AlertDialog.Content
          className={PANEL}
          onCloseAutoFocus={(event) => returnFocus(event, returnFocusTo)}
        >
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-ink-soft dark:text-mist">
            {description}
          </AlertDialog.Description>
          {children}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel
              className={buttonClasses(
                "outline",
                "dark:border-ivory/40 dark:text-ivory dark:hover:bg-ivory/10",
              )}
            >
              Cancel
            </AlertDialog.Cancel>
            <AlertDialog.Action
              onClick={onConfirm}
              // The variant's own fill would win over a plain bg-danger, so these are marked important.
              className={buttonClasses("ink", "bg-danger! text-white! hover:bg-danger/90!")}
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/**
 * A panel of links opened by a button (the mobile menus): a non-modal Radix dialog rendered in
 * place, so it can sit under its trigger. The button says whether it is open (aria-expanded,
 * aria-controls); focus moves into the panel and Tab cycles through it (Radix); Escape or a
 * click outside closes it, and Escape gives focus back to the button. Non-modal: the page around
 * it stays readable and scrollable, as a disclosure's would.
 */
export function MenuPanel({
  trigger,
  title,
  open,
  onOpenChange,
  className,
  children,
}: {
  trigger: React.ReactNode;
  /** The panel's name for assistive technology (it has no visible title). */
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <RadixDialog.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>
      <RadixDialog.Content aria-describedby={undefined} className={className}>
        <RadixDialog.Title className="sr-only">{title}</RadixDialog.Title>
        {children}
      </RadixDialog.Content>
    </RadixDialog.Root>
  );
}
