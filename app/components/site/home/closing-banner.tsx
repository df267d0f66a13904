import { ButtonLink } from "~/components/ui/button-link";
import { Container } from "~/components/ui/container";
import { PhoneLink } from "../phone-link";

/** The closing banner (docs/product/public-site.md#home-page): its button goes to the quote start, /services/1. */
export function ClosingBanner() {
  return (
    <section
      aria-labelledby="closing-title"
      className="below-the-fold surface-ink py-20 text-center sm:py-28"
    >
      <Container narrow>
        <div aria-hidden="true" className="mx-auto mb-8 h-px w-16 bg-gold" />
        <h2
          id="closing-title"
          className="font-display text-4xl leading-tight font-medium text-balance sm:text-5xl"
        >
          Experience Luxury Cleaning Services
        </h2>
        <p className="mx-auto mt-5 max-w-lg text-lg leading-relaxed text-mist">
          Tell us about your space and we will take care of the rest. Prefer to talk? Call us on{" "}
          <PhoneLink tone="dark" />.
        </p>
        <div className="mt-10">
          <ButtonLink to="/services/1" variant="gold" className="px-8 py-3 text-base">
            Contact Us Today
          </ButtonLink>
        </div>
      </Container>
    </section>
  );
}
