import { useRef } from "react";
import { Container } from "~/components/ui/container";
import { SectionHeading } from "~/components/ui/section-heading";
import { TrustSignals } from "../trust-signals";
import type { Testimonial } from "./home-content";
import { ScrollArrows } from "./scroll-arrows";
import { StarRating } from "./star-rating";

/**
 * "Don't just take our word for it" (docs/product/public-site.md#home-page): verified reviews chosen by staff, each
 * with its own rating (docs/decisions/0023-honest-reviews.md), in a snap row that swipes on phones and steps with the arrows.
 */
export function Testimonials({ reviews }: { reviews: Testimonial[] }) {
  const scroller = useRef<HTMLUListElement>(null);
  return (
    <section aria-labelledby="testimonials-title" className="below-the-fold py-20 sm:py-28">
      <Container>
        <SectionHeading
          id="testimonials-title"
          eyebrow="Client stories"
          title="Don't just take our word for it"
          intro="Why over 500 customers love us"
        />
      </Container>

      {reviews.length > 0 && (
        <Container className="mt-12">
          <ul
            ref={scroller}
            // Reachable by keyboard (axe scrollable-region-focusable): the cards hold no links.
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
            aria-label="Reviews, scroll sideways for more"
            className="-mx-5 flex snap-x snap-mandatory scroll-px-5 gap-6 overflow-x-auto px-5 pb-6 sm:-mx-8 sm:scroll-px-8 sm:px-8"
          >
            {reviews.map((review) => (
              <li
                key={review.id}
                className="flex w-[85%] shrink-0 snap-start sm:w-[calc(50%-0.75rem)] lg:w-[calc(33.333%-1rem)]"
              >
                <figure className="flex w-full flex-col rounded-lg border border-line bg-white p-7">
                  <StarRating rating={review.rating} />
                  <blockquote className="mt-5 flex-1 font-display text-xl leading-snug text-ink">
                    <p>&ldquo;{review.comment}&rdquo;</p>
                  </blockquote>
                  <figcaption className="mt-6 border-t border-line pt-5 text-sm">
                    <span className="block font-semibold text-ink">{review.name}</span>
                    <span className="mt-1 block text-ink-soft">
                      {[review.service, review.location].filter(Boolean).join(" · ")}
                    </span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
          <ScrollArrows
            target={scroller}
            previousLabel="Previous reviews"
            nextLabel="Next reviews"
            className="mt-4 flex justify-center"
          />
        </Container>
      )}

      <Container>
        <div className="mt-12 border-t border-line pt-12">
          <TrustSignals />
        </div>
      </Container>
    </section>
  );
}
