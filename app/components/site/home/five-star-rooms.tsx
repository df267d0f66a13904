import { ChevronLeft, ChevronRight } from "lucide-react";
import { useRef } from "react";
import { CheckList } from "~/components/ui/check-list";
import { Container } from "~/components/ui/container";
import { SectionHeading } from "~/components/ui/section-heading";
import { useHydrated } from "../use-hydrated";
import { ROOM_CARDS } from "./room-cards";

const ARROW =
  "inline-flex size-11 items-center justify-center rounded-full border border-ink/25 text-ink hover:border-ink hover:bg-ink/5";

/**
 * The "5 Star Service" row (spec public-site 2): a native horizontal scroller with scroll-snap,
 * readable and swipeable without JavaScript; once hydrated, arrow buttons step one card.
 * The cards get their photographs in a later issue.
 */
export function FiveStarRooms() {
  const hydrated = useHydrated();
  const scroller = useRef<HTMLUListElement>(null);

  function step(direction: 1 | -1) {
    const list = scroller.current;
    const card = list?.firstElementChild as HTMLElement | null;
    if (!list || !card) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    list.scrollBy({
      left: direction * (card.offsetWidth + 24),
      behavior: reduce ? "auto" : "smooth",
    });
  }

  return (
    <section
      aria-labelledby="five-star-title"
      className="border-y border-line bg-ivory-deep py-20 sm:py-28"
    >
      <Container>
        <div className="flex flex-col gap-6 sm:flex-row sm:items-end sm:justify-between">
          <SectionHeading
            id="five-star-title"
            align="start"
            eyebrow="Room by room"
            title="What Makes our Residential Cleaning a 5 Star Service?"
          />
          {/* Space kept before hydration, so the arrows appearing shift nothing; phones swipe. */}
          <div className="hidden h-11 shrink-0 gap-2 sm:flex">
            {hydrated && (
              <>
                <button type="button" className={ARROW} onClick={() => step(-1)}>
                  <ChevronLeft aria-hidden="true" className="size-5" strokeWidth={1.5} />
                  <span className="sr-only">Previous rooms</span>
                </button>
                <button type="button" className={ARROW} onClick={() => step(1)}>
                  <ChevronRight aria-hidden="true" className="size-5" strokeWidth={1.5} />
                  <span className="sr-only">Next rooms</span>
                </button>
              </>
            )}
          </div>
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
          {ROOM_CARDS.map((room) => (
            <li
              key={room.id}
              className="w-[82%] shrink-0 snap-start rounded-lg border border-line bg-white p-7 sm:w-[calc(50%-0.75rem)] lg:w-[calc(33.333%-1rem)]"
            >
              <room.icon aria-hidden="true" className="size-7 text-gold-deep" strokeWidth={1.25} />
              <h3 className="mt-5 font-display text-2xl font-medium">{room.title}</h3>
              <CheckList items={room.features} className="mt-5 text-[0.95rem] text-ink-soft" />
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
