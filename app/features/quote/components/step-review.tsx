import {
  CLEANING_LEVEL_COPY,
  DIRT_LEVEL_LABELS,
  HOUSEKEEPING_LEVEL_LABELS,
  SERVICE_TYPE_LABELS,
  spaceTypeLabel,
  TIME_PREFERENCE_LABELS,
} from "../quote-copy";
import type { WizardState, WizardStep } from "./wizard-state";

// Step 6: everything entered, each group with a way back to change it.

type Row = { label: string; value: string };

function spaceRows(state: WizardState): Row[] {
  const s = state.spaceDetails;
  const rows: Row[] = [
    { label: "Service", value: state.serviceType ? SERVICE_TYPE_LABELS[state.serviceType] : "" },
    { label: "Space", value: s.type ? spaceTypeLabel(s.type) : "" },
  ];
  if (state.serviceType === "commercial") {
    rows.push({ label: "Business", value: s.businessName });
    rows.push({ label: "Floor area", value: `${s.squareFootage ?? 0} m²` });
  } else {
    rows.push({ label: "Bedrooms", value: String(s.bedrooms) });
    rows.push({ label: "Bathrooms", value: String(s.bathrooms) });
  }
  rows.push({ label: "Floors", value: String(s.floors) });
  if (s.address.trim()) rows.push({ label: "Address", value: s.address });
  return rows;
}

function preferenceRows(state: WizardState): Row[] {
  const p = state.preferences;
  const c = state.conditions;
  const yes = (flag: boolean, text: string) => (flag ? [text] : []);
  const extras = [
    ...yes(p.providesEquipment, "own equipment"),
    ...yes(p.ecoFriendly, "eco-friendly"),
    ...yes(p.isEndOfLease, "end of lease"),
    ...yes(state.serviceType === "commercial" && p.securityAccess, "security access"),
    ...yes(state.serviceType === "commercial" && p.afterHoursService, "after hours"),
    ...yes(state.serviceType === "commercial" && p.regularSchedule, "regular schedule"),
    ...yes(c.hasHighAreas, "high areas"),
    ...yes(c.hasParking, "parking"),
    ...yes(c.urgentService, "urgent"),
  ];
  return [
    {
      label: "Time",
      value: p.timePreference ? TIME_PREFERENCE_LABELS[p.timePreference] : "",
    },
    { label: "Housekeeping", value: HOUSEKEEPING_LEVEL_LABELS[p.houseKeepingLevel] },
    { label: "Condition", value: DIRT_LEVEL_LABELS[c.dirtLevel] },
    { label: "Also", value: extras.length ? extras.join(", ") : "Nothing else" },
  ];
}

export function StepReview({
  state,
  goTo,
}: {
  state: WizardState;
  goTo: (step: WizardStep) => void;
}) {
  const groups: { title: string; step: WizardStep; rows: Row[] }[] = [
    { title: "Your space", step: 1, rows: spaceRows(state) },
    {
      title: "Cleaning level",
      step: 2,
      rows: [
        {
          label: "Level",
          value: state.cleaningLevel ? CLEANING_LEVEL_COPY[state.cleaningLevel].name : "",
        },
      ],
    },
    { title: "Preferences and conditions", step: 3, rows: preferenceRows(state) },
    {
      title: "Photos",
      step: 4,
      rows: [
        {
          label: "Photos",
          value: state.photos.length
            ? `${state.photos.length} added`
            : "None: the time may vary once our team sees the space",
        },
      ],
    },
    {
      title: "Contact",
      step: 5,
      rows: [
        { label: "Name", value: state.leadInfo.name },
        { label: "Email", value: state.leadInfo.email },
        { label: "Phone", value: state.leadInfo.phone },
      ],
    },
  ];
  return (
    <div className="space-y-6">
      {groups.map((group) => (
        <section key={group.title} className="rounded-lg border border-line bg-white p-5">
          <div className="flex items-center justify-between gap-4">
            <h3 className="font-display text-xl font-medium">{group.title}</h3>
            <button
              type="button"
              onClick={() => goTo(group.step)}
              className="min-h-11 px-2 font-semibold underline decoration-gold-deep/50 underline-offset-4"
            >
              Change<span className="sr-only"> {group.title.toLowerCase()}</span>
            </button>
          </div>
          <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[10rem_1fr]">
            {group.rows.map((row) => (
              <div key={row.label} className="contents">
                <dt className="text-sm font-semibold text-muted">{row.label}</dt>
                <dd className="break-words">{row.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      {state.preferredCleanerId && (
        <p className="text-ink-soft">
          {state.preferredCleanerName
            ? `${state.preferredCleanerName} will be noted as your preferred cleaner with your quote.`
            : "Your preferred cleaner will be noted with your quote."}
        </p>
      )}
    </div>
  );
}
