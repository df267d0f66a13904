import {
  DIRT_LEVEL_LABELS,
  HOUSEKEEPING_LEVEL_LABELS,
  OUT_OF_HOURS_NOTE,
  TIME_PREFERENCE_LABELS,
} from "../quote-copy";
import { surchargeLabel } from "../quote-result-copy";
import {
  DIRT_LEVELS,
  HOUSEKEEPING_LEVELS,
  preferenceAppliesTo,
  TIME_PREFERENCES,
} from "../quote-options";
import { CheckboxField, ChoiceGroup } from "~/components/site/forms/choice-fields";
import type { StepProps } from "./quote-wizard";
import type { WizardState } from "./wizard-state";

// Step 3 (docs/product/public-site.md#entities-and-fields "Preferences", "Conditions"): when, how, and the state of the space.
// Each option shows only for the service types it applies to (quote.schema.ts
// PREFERENCE_SERVICE_TYPES), and an option that adds to the price says so beside it.

type Prefs = WizardState["preferences"];
type Conds = WizardState["conditions"];

const PREFERENCE_FLAGS: { key: keyof Prefs; label: string }[] = [
  { key: "providesEquipment", label: "I will provide the cleaning equipment and products" },
  { key: "ecoFriendly", label: `Use eco-friendly products ${surchargeLabel("ecoFriendly")}` },
  { key: "isEndOfLease", label: "This is an end-of-lease clean" },
  { key: "securityAccess", label: "The site needs security access" },
  { key: "afterHoursService", label: "Clean after business hours" },
  { key: "regularSchedule", label: "We would like a regular schedule" },
];

const CONDITION_FLAGS: { key: Exclude<keyof Conds, "dirtLevel">; label: string }[] = [
  { key: "hasHighAreas", label: "There are high areas (high ceilings, tall windows)" },
  { key: "hasParking", label: "Parking is available on site" },
  { key: "urgentService", label: `I need this clean urgently ${surchargeLabel("urgent")}` },
];

export function StepPreferences({ state, set, errors }: StepProps) {
  const prefs = (patch: Partial<Prefs>) =>
    set((s) => ({ ...s, preferences: { ...s.preferences, ...patch } }));
  const conds = (patch: Partial<Conds>) =>
    set((s) => ({ ...s, conditions: { ...s.conditions, ...patch } }));
  const offered = (key: keyof Prefs) => preferenceAppliesTo(key, state.serviceType);
  const outOfHours =
    state.preferences.timePreference === "evening" ||
    (offered("afterHoursService") && state.preferences.afterHoursService === true);

  return (
    <div className="space-y-8">
      <ChoiceGroup
        legend="Preferred time"
        name="time-preference"
        options={TIME_PREFERENCES.map((value) => ({ value, label: TIME_PREFERENCE_LABELS[value] }))}
        value={state.preferences.timePreference}
        onChange={(timePreference) => prefs({ timePreference })}
        error={errors["preferences.timePreference"]}
      />
      <p aria-live="polite" className="text-sm text-ink-soft">
        {outOfHours ? OUT_OF_HOURS_NOTE : ""}
      </p>
      <fieldset>
        <legend className="text-sm font-semibold">Preferences</legend>
        <div className="mt-2 grid gap-2">
          {PREFERENCE_FLAGS.filter((flag) => offered(flag.key)).map((flag) => (
            <CheckboxField
              key={flag.key}
              label={flag.label}
              checked={state.preferences[flag.key] === true}
              onChange={(checked) => prefs({ [flag.key]: checked })}
            />
          ))}
        </div>
      </fieldset>
      {offered("houseKeepingLevel") && (
        <ChoiceGroup
          legend="Housekeeping"
          name="housekeeping"
          options={HOUSEKEEPING_LEVELS.map((value) => ({
            value,
            label: HOUSEKEEPING_LEVEL_LABELS[value],
          }))}
          value={state.preferences.houseKeepingLevel}
          onChange={(houseKeepingLevel) => prefs({ houseKeepingLevel })}
          error={errors["preferences.houseKeepingLevel"]}
        />
      )}
      <ChoiceGroup
        legend="How dirty is the space?"
        name="dirt-level"
        options={DIRT_LEVELS.map((value) => ({ value, label: DIRT_LEVEL_LABELS[value] }))}
        value={state.conditions.dirtLevel}
        onChange={(dirtLevel) => conds({ dirtLevel })}
        error={errors["conditions.dirtLevel"]}
      />
      <fieldset>
        <legend className="text-sm font-semibold">Conditions</legend>
        <div className="mt-2 grid gap-2">
          {CONDITION_FLAGS.map((flag) => (
            <CheckboxField
              key={flag.key}
              label={flag.label}
              checked={state.conditions[flag.key]}
              onChange={(checked) => conds({ [flag.key]: checked })}
            />
          ))}
        </div>
      </fieldset>
    </div>
  );
}
