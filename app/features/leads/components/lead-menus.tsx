import * as Menu from "@radix-ui/react-dropdown-menu";
import { ChevronDown, EllipsisVertical } from "lucide-react";
import { useState } from "react";
import { canOfferJob } from "~/features/assignments/assignments";
import { AssignCleanerDialog } from "~/features/assignments/components/assign-cleaner-dialog";
import { FLOATING_SURFACE, MENU_ITEM } from "~/components/kit/surface";
import type { LeadStatus } from "~/server/database";
import { BOARD_COLUMN_TITLES, LEAD_STATUSES, type LeadSummary } from "../leads";
import { LeadRowMenuItems, useLeadRowActions, type ActionLead } from "./lead-row-action-items";

// docs/decisions/0022-row-actions-and-instant-drag.md: each row action does what it says. Call and
// Email are real links (tel:, mailto: with a subject), so the browser's own handler opens.
// Invoice, Request review, Message and Complete job post to the lead's own page
// (./lead-row-action-items.tsx); Assign Cleaner opens the assignments feature's panel.

const TRIGGER =
  "inline-flex size-11 items-center justify-center rounded-md hover:bg-ink/5 dark:hover:bg-ivory/10";

export function mailtoHref(lead: Pick<LeadSummary, "email" | "reference">) {
  const subject = `Your cleaning quote ${lead.reference}`;
  return `mailto:${lead.email}?subject=${encodeURIComponent(subject)}`;
}

export function telHref(phone: string) {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/**
 * The row (or card) action menu: Call, Email, Invoice, Request review, Message, Complete job,
 * Assign Cleaner, Manage, Delete.
 */
export function LeadActionsMenu({
  lead,
  triggerId,
  onManage,
  onDelete,
}: {
  lead: LeadSummary;
  triggerId: string;
  onManage: () => void;
  onDelete: () => void;
}) {
  const actionLead: ActionLead = {
    id: lead.id,
    name: lead.name,
    reference: lead.reference,
    status: lead.status,
    priced: lead.totalCents !== null,
  };
  const actions = useLeadRowActions(actionLead, triggerId);
  const [assigning, setAssigning] = useState(false);
  return (
    <>
      <Menu.Root>
        <Menu.Trigger id={triggerId} aria-label={`Actions for ${lead.name}`} className={TRIGGER}>
          <EllipsisVertical aria-hidden="true" className="size-4" />
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content
            align="end"
            sideOffset={4}
            className={`${FLOATING_SURFACE} z-50 min-w-44 p-1`}
          >
            {lead.phone && (
              <Menu.Item asChild className={MENU_ITEM}>
                <a href={telHref(lead.phone)}>Call</a>
              </Menu.Item>
            )}
            <Menu.Item asChild className={MENU_ITEM}>
              <a href={mailtoHref(lead)}>Email</a>
            </Menu.Item>
            <LeadRowMenuItems lead={actionLead} actions={actions} />
            {canOfferJob(lead.status, lead.assignment?.status) && (
              <Menu.Item className={MENU_ITEM} onSelect={() => setAssigning(true)}>
                Assign Cleaner
              </Menu.Item>
            )}
            <Menu.Item className={MENU_ITEM} onSelect={onManage}>
              Manage
            </Menu.Item>
            <Menu.Item className={`${MENU_ITEM} text-danger dark:text-red-300`} onSelect={onDelete}>
              Delete
            </Menu.Item>
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
      {actions.dialogs}
      <AssignCleanerDialog
        lead={lead}
        open={assigning}
        onOpenChange={setAssigning}
        returnFocusTo={triggerId}
      />
    </>
  );
}

/** WCAG 2.2 2.5.7: the board's alternative to dragging, one item per other column. */
export function MoveToMenu({
  lead,
  current,
  onMove,
  triggerId,
}: {
  lead: LeadSummary;
  current: LeadStatus;
  onMove: (to: LeadStatus) => void;
  /** Where focus returns when a move asks first (docs/decisions/0057-paid-work-to-lost-needs-a-reason.md) */
  triggerId?: string;
}) {
  return (
    <Menu.Root>
      <Menu.Trigger
        id={triggerId}
        aria-label={`Move ${lead.name} to…`}
        className="inline-flex min-h-11 items-center gap-1 rounded-md px-2 text-sm font-semibold hover:bg-ink/5 dark:hover:bg-ivory/10"
      >
        Move to…
        <ChevronDown aria-hidden="true" className="size-4" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="start"
          sideOffset={4}
          className={`${FLOATING_SURFACE} z-50 min-w-44 p-1`}
        >
          {LEAD_STATUSES.filter((status) => status !== current).map((status) => (
            <Menu.Item key={status} className={MENU_ITEM} onSelect={() => onMove(status)}>
              {BOARD_COLUMN_TITLES[status]}
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
