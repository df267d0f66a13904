import { PageHeader } from "~/components/kit/page-header";

/** A screen that is not built yet says so plainly. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <p className="text-sm text-muted dark:text-mist">This screen is coming soon.</p>
    </>
  );
}

/** A card for one section of an admin screen. */
export function AdminPanel({
  children,
  className = "",
  labelledBy,
}: {
  children: React.ReactNode;
  className?: string;
  labelledBy?: string;
}) {
  return (
    <section
      aria-labelledby={labelledBy}
      className={`rounded-lg border border-line bg-white p-5 sm:p-6 dark:border-ivory/10 dark:bg-ink-raised ${className}`}
    >
      {children}
    </section>
  );
}
