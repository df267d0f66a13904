import { useRef } from "react";
import { CheckList } from "~/components/ui/check-list";
import { Container } from "~/components/ui/container";
import { SectionHeading } from "~/components/ui/section-heading";
import type { PicturedImage } from "./home-content";
import { ResponsivePicture } from "./responsive-picture";
import { ROOM_CARDS } from "./room-cards";
import { ScrollArrows } from "./scroll-arrows";

// The card widths of the row below, so each photo is fetched no wider than it shows.
const CARD_SIZES =
  "(min-width: 1152px) 352px, (min-width: 1024px) 31vw, (min-width: 640px) 46vw, 82vw";

/**
 * The "5 Star Service" row (docs/product/public-site.md#home-page): a native horizontal scroller with scroll-snap,
 * readable and swipeable without JavaScript; once hydrated, arrow buttons step one card. Each
 * card's photo is the room's image from the store (room_images).
 */
export function FiveStarRooms({ photos }: { photos: Record<string, PicturedImage> }) {
  const scroller = useRef<HTMLUListElement>(null);

  return (
    <section
      aria-labelledby="five-star-title"
      className="below-the-fold border-y border-line bg-ivory-deep py-20 sm:py-28"
    >
      <Container>
        <div className="flex flex-col gap-6 sm:flex-row sm:items-end sm:justify-between">
          <SectionHeading
            id="five-star-title"
            align="start"
            eyebrow="Room by room"
            title="What Makes our Residential Cleaning a 5 Star Service?"
          />
          <ScrollArrows
            target={scroller}
            previousLabel="Previous rooms"
            nextLabel="Next rooms"
            className="hidden sm:flex"
          />
        </div>
      </Container>

      <Container className="mt-12">
        <ul
          ref={scroller}
          // A scrollable region must be reachable by keyboard (WCAG 2.1.1; axe
          // scrollable-region-focusable): its cards hold no links to tab to.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          aria-label="Rooms we clean, scroll sideways for more"
          className="-mx-5 flex snap-x snap-mandatory scroll-px-5 gap-6 overflow-x-auto px-5 pb-6 sm:-mx-8 sm:scroll-px-8 sm:px-8"
        >
          {ROOM_CARDS.map((room) => {
            const photo = photos[room.id];
            return (
              <li
                key={room.id}
                className="w-[82%] shrink-0 snap-start overflow-hidden rounded-lg border border-line bg-white sm:w-[calc(50%-0.75rem)] lg:w-[calc(33.333%-1rem)]"
              >
                {/* A fixed frame: the photo is cropped to it, so cards line up and nothing shifts. */}
                <div className="aspect-[3/2] bg-ink/5">
                  {photo && (
                    <ResponsivePicture
                      image={photo}
                      sizes={CARD_SIZES}
                      className="size-full object-cover"
                    />
                  )}
                </div>
                <div className="p-7">
                  <room.icon
                    aria-hidden="true"
                    className="size-7 text-gold-deep"
                    strokeWidth={1.25}
                  />
                  <h3 className="mt-5 font-display text-2xl font-medium">{room.title}</h3>
                  <CheckList items={room.features} className="mt-5 text-[0.95rem] text-ink-soft" />
                </div>
              </li>
            );
          })}
        </ul>
      </Container>
    </section>
  );
}
