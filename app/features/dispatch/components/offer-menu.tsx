import * as Menu from "@radix-ui/react-dropdown-menu";
import { ChevronDown } from "lucide-react";
import { FLOATING_SURFACE, MENU_ITEM } from "~/components/kit/surface";
import { DISPATCH_TEXT, jobName, type DispatchCleaner, type DispatchJob } from "../dispatch";
import { fitOf, useDispatchActions } from "./dispatch-actions";

/**
 * Offer to…: the single-pointer and keyboard way to do what a drag does (WCAG 2.5.7). Opening it
 * asks who is free; the cleaners come free first, the others disabled with the reason.
 */
export function OfferMenu({ job, cleaners }: { job: DispatchJob; cleaners: DispatchCleaner[] }) {
  const actions = useDispatchActions();
  const current = actions.checking?.job.bookingId === job.bookingId ? actions.checking : null;
  const ready = current?.fits != null;
  const rows = cleaners
    .filter((cleaner) => cleaner.takesJobs)
    .map((cleaner) => ({ cleaner, fit: fitOf(actions, cleaner) }))
    .sort((a, b) => Number(a.fit?.free === false) - Number(b.fit?.free === false));
  return (
    <Menu.Root onOpenChange={(open) => open && actions.check(job)}>
      <Menu.Trigger
        aria-label={`${DISPATCH_TEXT.offerTo} (${jobName(job)})`}
        className="inline-flex min-h-6 items-center gap-0.5 rounded-sm font-semibold underline underline-offset-2"
      >
        {DISPATCH_TEXT.offerTo}
        <ChevronDown aria-hidden="true" className="size-3" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="start"
          sideOffset={4}
          className={`${FLOATING_SURFACE} z-50 max-h-80 min-w-56 overflow-y-auto p-1`}
        >
          {!ready ? (
            <Menu.Item disabled className={MENU_ITEM}>
              {DISPATCH_TEXT.checking}
            </Menu.Item>
          ) : (
            rows.map(({ cleaner, fit }) => (
              <Menu.Item
                key={cleaner.id}
                disabled={fit?.free === false}
                onSelect={() => actions.offer(job, cleaner.id)}
                className={`${MENU_ITEM} flex-col items-start justify-center py-1`}
              >
                <span className="font-semibold">{cleaner.name}</span>
                {fit?.reason && (
                  <span className="text-xs text-muted dark:text-mist">{fit.reason}</span>
                )}
              </Menu.Item>
            ))
          )}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
