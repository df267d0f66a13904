import { ButtonLink } from "~/components/ui/button-link";
import { Container } from "~/components/ui/container";

/**
 * The landing hero (spec public-site 2). The backdrop is a layer of its own so the photo
 * carousel (7 slides, later issue) can replace `HeroBackdrop` without touching the copy; the
 * 30 percent overlay above it keeps the white text readable over any photograph.
 */
export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="surface-ink relative isolate flex min-h-[min(40rem,calc(100svh-4rem))] items-center overflow-hidden lg:min-h-[min(44rem,calc(100svh-5rem))]"
    >
      <HeroBackdrop />
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
    </section>
  );
}

/** Until the carousel lands: a quiet ink field with a soft champagne glow and hairline frame. */
function HeroBackdrop() {
  return (
    <div aria-hidden="true" className="absolute inset-0 -z-20">
      <div className="absolute inset-0 bg-radial-[at_50%_15%] from-ink-raised via-ink to-ink" />
      <div className="absolute -top-1/3 left-1/2 size-[60rem] -translate-x-1/2 rounded-full bg-gold/10 blur-3xl" />
      <div className="absolute inset-6 rounded-sm border border-gold/20 sm:inset-10" />
    </div>
  );
}
