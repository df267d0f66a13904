import { Star } from "lucide-react";
import { AdminPanel } from "~/components/admin/admin-page";
import { StatusBadge } from "~/components/kit/status-badge";
import { PROFILE_TEXT } from "../cleaner-admin-copy";
import { CLEANER_STATUS_LABELS } from "../cleaner-directory";
import type { CleanerProfile } from "../cleaner-profile";
import { CleanerAvatar } from "./cleaner-avatar";
import { formatShortDate } from "~/lib/format";

// docs/product/back-office.md#cleaner-profile: the header, the four tiles and the read-only
// sections (contact, availability, verification, services, languages, additional information).

export function ProfileHeader({ cleaner }: { cleaner: CleanerProfile }) {
  return (
    <div className="flex flex-wrap items-center gap-5">
      <CleanerAvatar
        name={cleaner.name}
        initials={cleaner.initials}
        photoUrl={cleaner.photoUrl}
        size="lg"
      />
      <div>
        <h1 className="font-display text-3xl font-medium tracking-tight sm:text-4xl">
          {cleaner.name}
        </h1>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <StatusBadge
            kind="cleaner"
            status={cleaner.status}
            label={CLEANER_STATUS_LABELS[cleaner.status]}
          />
          <span className="inline-flex items-center gap-1 text-sm font-semibold">
            <Star aria-hidden="true" className="size-4 text-gold-deep dark:text-gold" />
            Rating {cleaner.rating.toFixed(1)}
          </span>
          {cleaner.location && (
            <span className="text-sm text-muted dark:text-mist">{cleaner.location}</span>
          )}
        </div>
      </div>
    </div>
  );
}

export function ProfileTiles({ cleaner }: { cleaner: CleanerProfile }) {
  const tiles = [
    { label: "Completed Jobs", value: String(cleaner.completedJobs) },
    { label: "Active Bookings", value: String(cleaner.activeBookings) },
    { label: "Rating", value: cleaner.rating.toFixed(1) },
    { label: "Languages", value: String(cleaner.languages.length) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {tiles.map((tile) => (
        <div
          key={tile.label}
          className="rounded-lg border border-line bg-white p-4 dark:border-ivory/10 dark:bg-ink-raised"
        >
          <dt className="text-sm text-muted dark:text-mist">{tile.label}</dt>
          <dd className="mt-1 text-2xl font-semibold">{tile.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <AdminPanel labelledBy={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </AdminPanel>
  );
}

/** Label and value pairs. */
export function Facts({ items }: { items: [string, React.ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr]">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted dark:text-mist">{label}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Pills({ items }: { items: string[] }) {
  if (items.length === 0) return <p className="text-sm">{PROFILE_TEXT.noneSelected}</p>;
  return (
    <ul className="flex flex-wrap gap-2">
      {items.map((item) => (
        <li
          key={item}
          className="rounded-full bg-ink/5 px-3 py-1 text-sm font-semibold dark:bg-ivory/10"
        >
          {item}
        </li>
      ))}
    </ul>
  );
}

const yesNo = (value: boolean) => (value ? "Yes" : "No");

// eslint-disable-next-line max-lines-per-function -- markup only
export function ProfileDetails({ cleaner }: { cleaner: CleanerProfile }) {
  const v = cleaner.verification;
  const orNone = (value: string | null) => value || PROFILE_TEXT.notProvided;
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <Section id="contact" title="Contact information">
        <Facts
          items={[
            [
              "Email",
              <a key="e" href={`mailto:${cleaner.email}`} className="underline underline-offset-4">
                {cleaner.email}
              </a>,
            ],
            [
              "Phone",
              <a
                key="p"
                href={`tel:${cleaner.phone.replace(/\s+/g, "")}`}
                className="underline underline-offset-4"
              >
                {cleaner.phone}
              </a>,
            ],
            ["Location", orNone(cleaner.location)],
            ["Preferred areas", orNone(cleaner.preferredAreas)],
          ]}
        />
      </Section>
      <Section id="availability" title="Availability">
        <Pills items={cleaner.availability} />
      </Section>
      <Section id="verification" title="Verification">
        <Facts
          items={[
            [
              "Police check",
              v.policeCheck
                ? `Yes${v.policeCheckDate ? `, ${formatShortDate(v.policeCheckDate)}` : ""}`
                : "No",
            ],
            [
              "Police check expires",
              v.policeCheckExpiresOn ? formatShortDate(v.policeCheckExpiresOn) : "Not recorded",
            ],
            ["ABN", v.hasAbn ? orNone(v.abnNumber) : PROFILE_TEXT.notProvided],
            ["Visa status", orNone(v.visaStatus)],
            ["English level", orNone(v.englishLevel)],
            ["Own transport", yesNo(v.transport)],
            [
              "Own equipment",
              v.ownEquipment
                ? `Yes${v.equipment.length ? `: ${v.equipment.join(", ")}` : ""}`
                : "No",
            ],
          ]}
        />
      </Section>
      <Section id="services" title="Services">
        <Pills items={cleaner.services} />
        {cleaner.specialties.length > 0 && (
          <>
            <h3 className="mt-4 mb-2 text-sm font-semibold">Specialties</h3>
            <Pills items={cleaner.specialties} />
          </>
        )}
      </Section>
      <Section id="languages" title="Languages">
        <Pills items={cleaner.languages} />
      </Section>
      <Section id="additional" title="Additional information">
        <Facts
          items={[
            ["Experience", orNone(cleaner.experience)],
            [
              "Notes",
              cleaner.additionalNotes ? (
                <span key="n" className="whitespace-pre-line">
                  {cleaner.additionalNotes}
                </span>
              ) : (
                PROFILE_TEXT.notProvided
              ),
            ],
            [
              "Joined through",
              cleaner.source === "application" ? "Application (Join Our Team)" : "Added by staff",
            ],
          ]}
        />
      </Section>
    </div>
  );
}
