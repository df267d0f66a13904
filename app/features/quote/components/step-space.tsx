import { BUSINESS_TYPE_LABELS, SPACE_TYPE_LABELS } from "../quote-copy";
import { COMMERCIAL_SPACE_TYPES, RESIDENTIAL_SPACE_TYPES, type SpaceType } from "../quote-options";
import { ChoiceGroup, TextInput } from "~/components/site/forms/choice-fields";
import { NumberStepper } from "~/components/site/forms/number-stepper";
import { SuburbCombobox } from "./suburb-combobox";
import type { StepProps } from "./quote-wizard";
import type { WizardState } from "./wizard-state";

// Step 1 (docs/product/public-site.md#validation-rules): residential asks for the home and its rooms; commercial for the
// business, its type and its floor area in m² (docs/decisions/0025-floor-area-in-square-metres.md: sent as `squareFootage`).

type Space = WizardState["spaceDetails"];

export function StepSpace({ state, set, errors }: StepProps) {
  const space = state.spaceDetails;
  const update = (patch: Partial<Space>) =>
    set((s) => ({ ...s, spaceDetails: { ...s.spaceDetails, ...patch } }));
  const commercial = state.serviceType === "commercial";

  return (
    <div className="space-y-8">
      {commercial ? (
        <CommercialSpace space={space} update={update} errors={errors} />
      ) : (
        <ResidentialSpace space={space} update={update} errors={errors} />
      )}
      <NumberStepper
        label="Floors"
        max={100}
        value={space.floors}
        onChange={(floors) => update({ floors })}
      />
      <SuburbCombobox
        value={space.address}
        onChange={(address) => update({ address })}
        error={errors["spaceDetails.address"]}
      />
    </div>
  );
}

type SpaceProps = {
  space: Space;
  update: (patch: Partial<Space>) => void;
  errors: StepProps["errors"];
};

function CommercialSpace({ space, update, errors }: SpaceProps) {
  return (
    <>
      <TextInput
        label="Business name"
        autoComplete="organization"
        value={space.businessName}
        onChange={(businessName) => update({ businessName })}
        error={errors["spaceDetails.businessName"]}
      />
      <ChoiceGroup<SpaceType>
        legend="Business type"
        name="space-type"
        columns
        options={COMMERCIAL_SPACE_TYPES.map((value) => ({
          value,
          label: BUSINESS_TYPE_LABELS[value],
        }))}
        value={space.type}
        onChange={(type) => update({ type })}
        error={errors["spaceDetails.type"]}
      />
      <TextInput
        label="Floor area (m²)"
        hint="An estimate is fine, like 250"
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        value={space.squareFootage === undefined ? "" : String(space.squareFootage)}
        onChange={(raw) =>
          update({ squareFootage: raw.trim() === "" ? undefined : Math.max(0, Number(raw)) })
        }
        error={errors["spaceDetails.squareFootage"]}
      />
    </>
  );
}

function ResidentialSpace({ space, update, errors }: SpaceProps) {
  return (
    <>
      <ChoiceGroup<SpaceType>
        legend="Type of home"
        name="space-type"
        columns
        options={RESIDENTIAL_SPACE_TYPES.map((value) => ({
          value,
          label: SPACE_TYPE_LABELS[value],
        }))}
        value={space.type}
        onChange={(type) => update({ type })}
        error={errors["spaceDetails.type"]}
      />
      <div className="grid gap-6 sm:grid-cols-2">
        <NumberStepper
          label="Bedrooms"
          max={20}
          value={space.bedrooms}
          onChange={(bedrooms) => update({ bedrooms })}
        />
        <NumberStepper
          label="Bathrooms"
          max={20}
          value={space.bathrooms}
          onChange={(bathrooms) => update({ bathrooms })}
        />
      </div>
    </>
  );
}
