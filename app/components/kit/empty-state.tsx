import { Inbox } from "lucide-react";

/** What a list or table says when it has nothing to show, and what to do about it. */
export function EmptyState({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed border-line px-6 py-10 text-center dark:border-ivory/15">
      <Inbox aria-hidden="true" className="size-8 text-muted dark:text-mist" strokeWidth={1.5} />
      <p className="mt-3 text-sm font-semibold">{title}</p>
      {children && <div className="mt-1 text-sm text-muted dark:text-mist">{children}</div>}
    </div>
  );
}
