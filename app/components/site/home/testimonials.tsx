import { Container } from "~/components/ui/container";
import { SectionHeading } from "~/components/ui/section-heading";
import { TrustSignals } from "../trust-signals";

/**
 * "Don't just take our word for it" (spec public-site 2). The reviews themselves come from the
 * database in a later issue (verified reviews chosen by staff, each with its own rating: D23);
 * until then the section shows the heading and the trust signals, and nothing invented.
 */
export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-title" className="py-20 sm:py-28">
      <Container>
        <SectionHeading
          id="testimonials-title"
          eyebrow="Client stories"
          title="Don't just take our word for it"
          intro="Why over 500 customers love us"
        />
        {/* Reviews slot: the testimonial carousel renders here once reviews are stored. */}
        <div className="mt-14 border-t border-line pt-12">
          <TrustSignals />
        </div>
      </Container>
    </section>
  );
}
