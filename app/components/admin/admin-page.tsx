/** The head of every admin page: its one <h1>, with an optional line below. */
export function AdminPageHeader({ title, intro }: { title: string; intro?: string }) {
  return (
    <header className="mb-6 border-b border-line pb-5 dark:border-ivory/10">
      <h1 className="font-display text-3xl font-medium tracking-tight sm:text-4xl">{title}</h1>
      {intro && <p className="mt-2 max-w-2xl text-sm text-muted dark:text-mist">{intro}</p>}
    </header>
  );
}

/** A screen that is not built yet says so plainly. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <>
      <AdminPageHeader title={title} />
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
