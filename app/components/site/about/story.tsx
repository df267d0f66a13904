import { Container } from "~/components/ui/container";
import { SectionHeading } from "~/components/ui/section-heading";
import { useBusinessProfile } from "../site-data";

export function Story() {
  const { name } = useBusinessProfile();
  return (
    <section aria-labelledby="story-title" className="py-20 sm:py-24">
      <Container className="grid gap-10 lg:grid-cols-[1fr_1.4fr] lg:gap-16">
        <SectionHeading
          id="story-title"
          align="start"
          eyebrow="Our story"
          title="Care you can feel the moment you walk in"
        />
        <div className="space-y-5 text-lg leading-relaxed text-ink-soft">
          <p>
            {name} began with a simple belief: a beautiful home or office deserves the same quiet
            attention as a fine hotel. Not a rushed once-over, but a clean that notices the
            fingerprint on the glass door and the dust along the picture rail.
          </p>
          <p>
            Today our team looks after apartments, family homes, offices and newly finished builds
            across Sydney. Every cleaner is trained in our methods, insured and police-checked, and
            every visit follows a checklist shaped around your space.
          </p>
          <p>
            We keep our promises small and exact: arrive on time, treat your home with respect, and
            leave it better than we found it. Over 500 customers have trusted us to do just that.
          </p>
        </div>
      </Container>
    </section>
  );
}
