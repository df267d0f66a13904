import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Container } from "~/components/ui/container";
import { SectionHeading } from "~/components/ui/section-heading";
import type { TeamMember } from "./home-content";
import { ResponsivePicture } from "./responsive-picture";

/**
 * Cleaner profiles are reachable from the site here, not only from the sitemap. Available
 * cleaners' public fields (docs/decisions/0012-real-customer-data.md), each card one link to /provider/{id}. Plain links:
 * no script of its own.
 */
export function MeetTheTeam({ team }: { team: TeamMember[] }) {
  if (team.length === 0) return null;
  return (
    <section
      id="team"
      aria-labelledby="team-title"
      className="below-the-fold scroll-mt-24 bg-ivory-deep py-20 sm:py-28"
    >
      <Container>
        <SectionHeading
          id="team-title"
          eyebrow="Our cleaners"
          title="Meet the team"
          intro="Insured, police-checked and available to book. Choose a cleaner to see their profile."
        />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {team.map((member) => (
            <li key={member.id}>
              <Link
                to={`/provider/${member.id}`}
                className="group flex h-full items-center gap-5 rounded-lg border border-line bg-white p-5 hover:border-gold"
              >
                <div className="size-20 shrink-0 overflow-hidden rounded-full">
                  {member.photo ? (
                    <ResponsivePicture
                      image={member.photo}
                      sizes="5rem"
                      className="size-20 object-cover"
                    />
                  ) : (
                    <span
                      aria-hidden="true"
                      className="flex size-20 items-center justify-center bg-ivory font-display text-3xl text-gold-deep"
                    >
                      {member.initials}
                    </span>
                  )}
                </div>
                <div className="min-w-0">
                  <span className="flex items-center gap-2 font-display text-2xl font-medium">
                    {member.displayName}
                    <ArrowRight
                      aria-hidden="true"
                      className="size-4 text-gold-deep motion-safe:transition-transform motion-safe:group-hover:translate-x-1"
                    />
                  </span>
                  {member.suburb && <span className="block text-ink-soft">{member.suburb}</span>}
                  {member.services.length > 0 && (
                    <span className="mt-1 block text-sm text-muted">
                      {member.services.join(" · ")}
                    </span>
                  )}
                </div>
              </Link>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
