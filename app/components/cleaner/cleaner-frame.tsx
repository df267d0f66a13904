import { Link } from "react-router";
import { phoneHref } from "~/lib/phone";

/** The route id of app/routes/cleaner-layout.tsx. */
export const CLEANER_LAYOUT_ID = "routes/cleaner-layout";

/** What the cleaner-facing frame shows: the business's name and the number to call. */
export type CleanerFrameData = { businessName: string; phone: string | null };

/**
 * The plain frame of the pages cleaners open (a job offer today, a cleaner's own app later):
 * the business's name as the logo, the page, and the number to call. None of the marketing
 * site's navigation, footer or chat link: a cleaner is not shopping for a clean.
 */
export function CleanerFrame({
  data,
  children,
}: {
  data: CleanerFrameData;
  children: React.ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-ivory">
      <a
        href="#main"
        className="surface-ink sr-only z-50 rounded-md px-4 py-3 font-semibold focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      <header className="surface-ink border-b border-ivory/10">
        <div className="mx-auto w-full max-w-3xl px-5 py-3 sm:px-8">
          <Link
            to="/"
            className="inline-block font-display text-xl leading-tight font-medium tracking-wide"
          >
            {data.businessName}
          </Link>
          <p className="text-[0.7rem] font-semibold tracking-[0.2em] text-gold uppercase">
            For our cleaners
          </p>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      {data.phone && (
        <p className="mx-auto w-full max-w-3xl px-5 py-6 text-sm text-ink-soft sm:px-8">
          Questions about a job? Call the office on{" "}
          <a
            href={phoneHref(data.phone)}
            className="font-semibold whitespace-nowrap underline underline-offset-4"
          >
            {data.phone}
          </a>
          .
        </p>
      )}
    </div>
  );
}
