import { Pause, Play } from "lucide-react";
import { useState } from "react";
import { preload } from "react-dom";
import { ButtonLink } from "~/components/ui/button-link";
import { Container } from "~/components/ui/container";
import { useHydrated } from "../use-hydrated";
import type { HeroSlide } from "./home-content";
import { ResponsivePicture } from "./responsive-picture";
import { useSlideshow } from "./use-slideshow";

// docs/product/public-site.md#business-constants-and-limits: auto-advance every 8000 ms, cross-fade over 1000 ms (duration-1000 below).
const SLIDE_INTERVAL_MS = 8000;

/**
 * The landing hero (docs/product/public-site.md#landing-hero-and-value-cards): the background carousel of interiors under a 30 percent
 * overlay, the headline above it. The server renders the first slide, so the page is whole
 * without JavaScript; the slideshow starts once React hydrates. No carousel library: stacked
 * layers whose opacity transitions, and a timer.
 */
export function Hero({ slides }: { slides: HeroSlide[] }) {
  const hydrated = useHydrated();
  const slideshow = useSlideshow(slides.length, SLIDE_INTERVAL_MS);
  preloadFirstPhoto(slides);

  return (
    <section
      aria-labelledby="hero-title"
      aria-roledescription="carousel"
      data-slide={slideshow.index + 1}
      className="surface-ink relative isolate flex min-h-[min(40rem,calc(100svh-4rem))] items-center overflow-hidden lg:min-h-[min(44rem,calc(100svh-5rem))]"
      {...slideshow.pauseHandlers}
    >
      <HeroSlides slides={slides} slideshow={slideshow} hydrated={hydrated} />
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-black/30" />

      <Container className="py-24 text-center">
        <p className="text-xs font-semibold tracking-[0.25em] text-gold uppercase sm:tracking-[0.3em]">
          Boutique cleaning in Sydney
        </p>
        <h1
          id="hero-title"
          className="mx-auto mt-6 max-w-4xl font-display text-5xl leading-[1.05] font-medium text-balance text-white sm:text-6xl lg:text-7xl"
        >
          {/* Kept whole: the hyphen is no place for the line to break. */}
          Experience <span className="whitespace-nowrap">High-end</span> Cleaning Services
        </h1>
        <p className="mx-auto mt-6 max-w-xl text-lg leading-relaxed text-balance text-ivory/90 sm:text-xl">
          Redefining spaces and lives through the art of cleaning and organisation
        </p>
        <div className="mt-10">
          <ButtonLink to="/services/1" variant="gold" className="px-8 py-3 text-base">
            Get a Quote in Seconds
          </ButtonLink>
        </div>
      </Container>

      {/* The controls need JavaScript, so they appear once it runs; absolutely placed, they
          shift nothing when they do. */}
      {hydrated && slides.length > 1 && <HeroControls slides={slides} slideshow={slideshow} />}
    </section>
  );
}

/**
 * Behind every slide: a quiet ink field with a soft champagne glow, shown where a photo fails.
 * Gradients only: a blurred layer looked the same but cost a phone a large filter on first paint.
 */
function HeroBackdrop() {
  return (
    <div
      aria-hidden="true"
      className="absolute inset-0 bg-[radial-gradient(60rem_30rem_at_50%_0%,--alpha(var(--color-gold)/10%),transparent),radial-gradient(at_50%_15%,var(--color-ink-raised),var(--color-ink))]"
    />
  );
}

type Slideshow = ReturnType<typeof useSlideshow>;

// The first photo is the page's largest paint: a preload in <head> (React hoists it above the
// stylesheet and the scripts) starts it before the browser reaches the <img>.
// AVIF only: a browser without AVIF skips the hint and reads the <picture> as usual.
function preloadFirstPhoto(slides: HeroSlide[]) {
  const lcp = slides[0]?.image;
  if (!lcp) return;
  // href only matters to a browser without imagesrcset: the smallest AVIF.
  preload(lcp.avif.split(" ")[0]!, {
    as: "image",
    type: "image/avif",
    imageSrcSet: lcp.avif,
    imageSizes: "100vw",
    fetchPriority: "high",
  });
}

/** The stacked photo layers; a photo that fails to load leaves the backdrop showing. */
function HeroSlides({
  slides,
  slideshow,
  hydrated,
}: {
  slides: HeroSlide[];
  slideshow: Slideshow;
  hydrated: boolean;
}) {
  const [failed, setFailed] = useState<string[]>([]);
  const markFailed = (id: string) => setFailed((f) => (f.includes(id) ? f : [...f, id]));
  const { index, seen, prepareNext } = slideshow;
  const next = (index + 1) % Math.max(slides.length, 1);
  return (
    <div className="absolute inset-0 -z-20">
      <HeroBackdrop />
      {slides.map((slide, i) => {
        const current = i === index;
        // Slide 1 is in the server's HTML; the others load when jumped to, or when they are
        // next and slide 1 has had half its turn (well after the page's largest paint).
        const load = i === 0 || (hydrated && (seen.includes(i) || (prepareNext && i === next)));
        return (
          <div
            key={slide.id}
            data-hero-slide={i + 1}
            aria-hidden={!current}
            data-failed={failed.includes(slide.id) || undefined}
            className={`absolute inset-0 transition-opacity duration-1000 ease-out motion-reduce:transition-none ${current ? "opacity-100" : "opacity-0"}`}
          >
            {load && slide.image && !failed.includes(slide.id) && (
              <ResponsivePicture
                image={slide.image}
                sizes="100vw"
                eager={i === 0}
                decorative={!current}
                className="size-full object-cover"
                // An error before hydration fires no React handler: a broken image is
                // complete with no pixels, so it is caught when React attaches.
                imgRef={(img) => {
                  if (img?.complete && img.naturalWidth === 0) markFailed(slide.id);
                }}
                onError={() => markFailed(slide.id)}
              />
            )}
          </div>
        );
      })}
    </div>
  );
}

/** A dot per slide, and pause/play unless the visitor asked for less motion. */
function HeroControls({ slides, slideshow }: { slides: HeroSlide[]; slideshow: Slideshow }) {
  const { index } = slideshow;
  return (
    <div className="absolute inset-x-0 bottom-3 flex items-center justify-center gap-1 sm:bottom-5">
      <div role="group" aria-label="Choose a slide" className="flex">
        {slides.map((slide, i) => (
          <button
            key={slide.id}
            type="button"
            aria-label={`Show slide ${i + 1}: ${slide.title}`}
            aria-current={i === index ? "true" : undefined}
            onClick={() => slideshow.show(i)}
            className="group inline-flex size-10 items-center justify-center rounded-full sm:size-11"
          >
            <span
              aria-hidden="true"
              className={`block size-2.5 rounded-full border border-white/90 transition-colors group-hover:bg-white/70 ${i === index ? "bg-white" : "bg-transparent"}`}
            />
          </button>
        ))}
      </div>
      {!slideshow.reducedMotion && (
        <button
          type="button"
          onClick={() => slideshow.setStopped(!slideshow.stopped)}
          className="inline-flex size-10 items-center justify-center rounded-full text-white/90 hover:text-white sm:size-11"
        >
          {slideshow.stopped ? (
            <Play aria-hidden="true" className="size-4" strokeWidth={1.5} />
          ) : (
            <Pause aria-hidden="true" className="size-4" strokeWidth={1.5} />
          )}
          <span className="sr-only">
            {slideshow.stopped ? "Play slideshow" : "Pause slideshow"}
          </span>
        </button>
      )}
    </div>
  );
}
