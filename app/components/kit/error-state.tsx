import { CircleAlert } from "lucide-react";

/** A failure to load or save, as a red banner that is read out at once. */
export function ErrorState({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-md border border-danger/40 bg-danger/5 px-4 py-3 text-sm text-danger dark:border-red-300/40 dark:text-red-300"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" strokeWidth={1.75} />
      <div>
        <p className="font-semibold">{title}</p>
        {children && <div className="mt-1">{children}</div>}
      </div>
    </div>
  );
}
