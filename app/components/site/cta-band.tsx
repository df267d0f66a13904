import { ButtonLink } from "~/components/ui/button-link";
import { Container } from "~/components/ui/container";
import { PhoneLink } from "./phone-link";

/** A quiet closing call to action for inner pages: Book Now to the quote start, or call. */
export function CtaBand({ title, text }: { title: string; text: string }) {
  return (
    <section aria-labelledby="cta-title" className="surface-ink py-16 sm:py-20">
      <Container className="flex flex-col items-start gap-8 lg:flex-row lg:items-center lg:justify-between">
        <div className="max-w-xl">
          <h2
            id="cta-title"
            className="font-display text-3xl leading-tight font-medium sm:text-4xl"
          >
            {title}
          </h2>
          <p className="mt-3 leading-relaxed text-mist">
            {text} Or call us on <PhoneLink tone="dark" />.
          </p>
        </div>
        <ButtonLink to="/services/1" variant="gold" className="px-8">
          Book Now
        </ButtonLink>
      </Container>
    </section>
  );
}
