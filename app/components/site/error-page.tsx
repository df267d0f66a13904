import { ButtonLink } from "~/components/ui/button-link";
import { Container } from "~/components/ui/container";

const COPY: Record<number, { title: string; text: string }> = {
  404: {
    title: "We couldn't find that page",
    text: "The page may have moved, or the link may be mistyped. Everything else is where you left it.",
  },
  500: {
    title: "Something went wrong on our side",
    text: "Please try again in a moment. If it keeps happening, our contact page has other ways to reach us.",
  },
};

/**
 * The designed error page: used inside the site layout (with header and footer) and by the
 * root boundary on its own. `children` carries the stack trace in development only.
 */
export function ErrorPage({ status, children }: { status: number; children?: React.ReactNode }) {
  const copy = COPY[status] ?? COPY[500]!;
  return (
    <main id="main" tabIndex={-1} className="bg-ivory outline-none">
      <Container narrow className="py-24 text-center sm:py-32">
        <p className="text-xs font-semibold tracking-[0.2em] text-gold-deep uppercase">
          Error {status}
        </p>
        <h1 className="mt-4 font-display text-4xl leading-tight font-medium text-balance sm:text-5xl">
          {copy.title}
        </h1>
        <div aria-hidden="true" className="mx-auto mt-8 h-px w-16 bg-gold" />
        <p className="mx-auto mt-8 max-w-md text-lg leading-relaxed text-ink-soft">{copy.text}</p>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink to="/" variant="ink">
            Return to Home
          </ButtonLink>
          <ButtonLink to="/contact" variant="outline">
            Contact us
          </ButtonLink>
        </div>
        {children}
      </Container>
    </main>
  );
}
