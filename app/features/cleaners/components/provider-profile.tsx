import { ArrowLeft, CalendarDays, Clock, MapPin, Star } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { ButtonLink } from "~/components/ui/button-link";
import { buttonClasses } from "~/components/ui/button";
import { CheckList } from "~/components/ui/check-list";
import { Container } from "~/components/ui/container";
import type { PublicCleanerProfile } from "~/features/cleaners/public-profile";
import { imageSet, type ImageSource } from "~/lib/images";
import { formatRate } from "~/lib/format";

const STATUS = {
  available: { label: "Available", tone: "border-success/40 bg-success/5 text-success" },
  busy: { label: "Busy this week", tone: "border-warning/40 bg-warning/5 text-warning" },
  offline: { label: "Away at the moment", tone: "border-line bg-ivory-deep text-ink-soft" },
} as const;

/**
 * A cleaner's public profile (docs/product/public-site.md#cleaner-profile, docs/decisions/0012-real-customer-data.md, docs/decisions/0020-provider-book-now.md): public fields only.
 * On a phone the name comes before the price box (grid placement keeps the two-column
 * layout on wide screens); the price box shows one price, the hourly rate the quote multiplies by
 * the cleaner-hours (docs/decisions/0054-tax-invoice-receipts-and-one-price.md); Book Now names the
 * cleaner.
 */
// eslint-disable-next-line max-lines-per-function -- markup only
export function ProviderProfile({
  cleaner,
  hourlyRateCents,
}: {
  cleaner: PublicCleanerProfile;
  hourlyRateCents: number;
}) {
  const status = STATUS[cleaner.status];
  const firstName = cleaner.displayName.split(" ")[0];
  return (
    <Container className="py-10 sm:py-14">
      <BackLink />
      <article
        aria-labelledby="cleaner-name"
        className="mt-8 grid gap-x-10 gap-y-8 lg:grid-cols-[20rem_1fr]"
      >
        <div className="lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <Photo cleaner={cleaner} />
        </div>

        <header className="lg:col-start-2 lg:row-start-1">
          <p
            className={`inline-flex rounded-full border px-3 py-1 text-sm font-semibold ${status.tone}`}
          >
            {status.label}
          </p>
          <h1 id="cleaner-name" className="mt-4 font-display text-4xl font-medium sm:text-5xl">
            {cleaner.displayName}
          </h1>
          <Rating rating={cleaner.rating} />
        </header>

        <div
          data-testid="price-box"
          className="self-start rounded-lg border border-line bg-white p-6 lg:col-start-1 lg:row-start-3"
        >
          <p className="text-sm text-ink-soft">Our rate</p>
          <p className="mt-1 font-display text-4xl font-medium">
            {formatRate(hourlyRateCents)}
            <span className="ml-1 font-sans text-base font-normal text-ink-soft">
              per cleaner-hour
            </span>
          </p>
          <p className="mt-1 text-sm text-muted">GST included</p>
          <p className="mt-3 text-sm leading-relaxed text-ink-soft">
            You pay our hourly rate for the hours your quote shows, whoever cleans.
          </p>
          <ButtonLink
            to={`/services/1?cleaner=${encodeURIComponent(cleaner.id)}`}
            className="mt-6 w-full"
          >
            Book Now with {cleaner.displayName}
          </ButtonLink>
        </div>

        <div className="lg:col-start-2 lg:row-span-3 lg:row-start-2">
          <dl className="grid gap-6 border-t border-line pt-8 sm:grid-cols-3">
            <Fact icon={MapPin} term="Location" value={cleaner.suburb ?? "Sydney"} />
            <Fact
              icon={Clock}
              term="Working hours"
              value={cleaner.workingHours ?? "By arrangement"}
            />
            <Fact
              icon={CalendarDays}
              term="Available"
              value={
                cleaner.availability.length > 0 ? cleaner.availability.join(", ") : "By arrangement"
              }
            />
          </dl>

          {cleaner.about && (
            <section aria-labelledby="about-title" className="mt-10">
              <h2 id="about-title" className="font-display text-2xl font-medium">
                About {firstName}
              </h2>
              <p className="mt-3 max-w-2xl leading-relaxed text-ink-soft">{cleaner.about}</p>
            </section>
          )}

          {cleaner.services.length > 0 && (
            <section aria-labelledby="services-title" className="mt-10">
              <h2 id="services-title" className="font-display text-2xl font-medium">
                Services
              </h2>
              <CheckList items={cleaner.services} className="mt-4 text-ink-soft" />
            </section>
          )}

          <p className="mt-10 max-w-2xl text-sm leading-relaxed text-muted">
            Every cleaner is insured and police-checked. Book through us and we share your
            cleaner&apos;s details within 24 hours of your clean.
          </p>
        </div>
      </article>
    </Container>
  );
}

/**
 * History back (docs/product/public-site.md#cleaner-profile) when there is a previous page: one visited in this app, or
 * a page of this site that linked here with a full load. Otherwise, and without
 * JavaScript, the team on the home page.
 */
function BackLink() {
  const navigate = useNavigate();
  return (
    <Link
      to="/#team"
      onClick={(event) => {
        if (window.history.state?.idx > 0) {
          event.preventDefault();
          void navigate(-1);
        } else if (cameFromThisSite() && window.history.length > 1) {
          event.preventDefault();
          window.history.back();
        }
      }}
      className={buttonClasses("outline", "px-4")}
    >
      <ArrowLeft aria-hidden="true" className="size-4" strokeWidth={1.5} />
      Back
    </Link>
  );
}

function cameFromThisSite() {
  try {
    return document.referrer !== "" && new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}

function Rating({ rating }: { rating: PublicCleanerProfile["rating"] }) {
  if (rating.count === 0 || rating.average === null) {
    return <p className="mt-3 text-ink-soft">New to our team: no reviews yet.</p>;
  }
  const reviews = `${rating.count} ${rating.count === 1 ? "review" : "reviews"}`;
  return (
    <p className="mt-3 flex items-center gap-2 text-ink-soft">
      <Star aria-hidden="true" className="size-5 fill-gold text-gold-deep" strokeWidth={1.25} />
      <span>
        <span className="font-semibold text-ink">{rating.average.toFixed(1)}</span>
        <span className="sr-only"> out of 5</span> ({reviews})
      </span>
    </p>
  );
}

function Fact({ icon: Icon, term, value }: { icon: typeof MapPin; term: string; value: string }) {
  return (
    <div>
      <dt className="flex items-center gap-2 text-xs font-semibold tracking-[0.15em] text-gold-deep uppercase">
        <Icon aria-hidden="true" className="size-5 shrink-0" strokeWidth={1.25} />
        {term}
      </dt>
      <dd className="mt-1.5 leading-relaxed">{value}</dd>
    </div>
  );
}

function Photo({ cleaner }: { cleaner: PublicCleanerProfile }) {
  if (!cleaner.photo) {
    return (
      <div
        aria-hidden="true"
        className="flex aspect-square w-full items-center justify-center rounded-lg border border-line bg-ivory-deep font-display text-7xl text-gold-deep"
      >
        {cleaner.initials}
      </div>
    );
  }
  return <Picture source={cleaner.photo} alt={`Photo of ${cleaner.displayName}`} />;
}

function Picture({ source, alt }: { source: ImageSource; alt: string }) {
  const set = imageSet(source);
  return (
    <picture>
      {set.avif && (
        <source type="image/avif" srcSet={set.avif} sizes="(min-width: 1024px) 20rem, 100vw" />
      )}
      {set.webp && (
        <source type="image/webp" srcSet={set.webp} sizes="(min-width: 1024px) 20rem, 100vw" />
      )}
      <img
        src={set.fallback}
        alt={alt}
        width={set.width}
        height={set.height}
        className="aspect-square w-full rounded-lg object-cover"
      />
    </picture>
  );
}
