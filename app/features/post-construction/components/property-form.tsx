import { ArrowRight } from "lucide-react";
import {
  CheckboxField,
  CheckboxGroup,
  ChoiceGroup,
  TextAreaInput,
} from "~/components/site/forms/choice-fields";
import { NumberStepper } from "~/components/site/forms/number-stepper";
import { PhotoPicker } from "~/components/site/forms/photo-picker";
import { buttonClasses } from "~/components/ui/button";
import {
  CLEAN_TYPES,
  CLEAN_TYPE_LABELS,
  FLOOR_COUNTS,
  FLOOR_TYPES,
  FLOOR_TYPE_LABELS,
  POST_CONSTRUCTION_TEXT,
  PRIORITIES,
  PRIORITY_LABELS,
  PROPERTY_SIZES,
  PROPERTY_SIZE_LABELS,
  PROPERTY_TYPES,
  PROPERTY_TYPE_LABELS,
  SERVICES,
  SERVICE_LABELS,
} from "../post-construction-copy";
import { MAX_QUOTE_IMAGES } from "~/features/quote/quote.schema";
import { POST_CONSTRUCTION_MESSAGES } from "../post-construction.schema";
import { ProblemSummary, RequestProgress } from "./request-parts";
import type { PropertyFormState } from "./request-storage";
import { usePropertyStep, type PropertyStep } from "./use-property-step";

// docs/product/public-site.md#post-construction-flow and docs/product/public-site.md#entities-and-fields: property type, size, floors, rooms, bathrooms, kitchen and clean type,
// then what the spec lists beyond them; Continue to Contact Info checks the form with the schema
// the server uses and moves on. Everything is kept in sessionStorage as it is typed.

const options = <T extends string>(values: readonly T[], label: (value: T) => string) =>
  values.map((value) => ({ value, label: label(value) }));

const PHOTO_MESSAGES = {
  tooMany: POST_CONSTRUCTION_MESSAGES.tooManyPhotos,
  failed: POST_CONSTRUCTION_MESSAGES.photoInvalid,
};

export function PropertyForm({ notice }: { notice?: string }) {
  const { state, update, errors, errorList, formRef, onSubmit } = usePropertyStep();

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="mx-auto max-w-3xl">
      <RequestProgress step={1} />
      {notice && (
        <p
          role="status"
          className="mt-6 rounded-md border border-gold/60 bg-white px-4 py-3 font-semibold"
        >
          {notice}
        </p>
      )}

      <PropertySection state={state} update={update} errors={errors} />
      <CleanSection state={state} update={update} errors={errors} />
      <DetailsSection state={state} update={update} errors={errors} />

      <div className="mt-10 space-y-6 border-t border-line pt-6">
        <ProblemSummary
          message={errorList.length > 0 ? POST_CONSTRUCTION_TEXT.checkFields : undefined}
          errors={errorList}
        />
        <button type="submit" className={buttonClasses("ink", "w-full sm:w-auto")}>
          {POST_CONSTRUCTION_TEXT.continue}
          <ArrowRight aria-hidden="true" className="size-4" />
        </button>
      </div>
    </form>
  );
}

function FormSection({
  title,
  id,
  children,
}: {
  title: string;
  id: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-10 border-t border-line pt-8 first-of-type:mt-8">
      <h2 id={id} className="font-display text-3xl font-medium">
        {title}
      </h2>
      <div className="mt-6 space-y-8">{children}</div>
    </section>
  );
}

type SectionProps = {
  state: PropertyFormState;
  update: PropertyStep["update"];
  errors: PropertyStep["errors"];
};

function PropertySection({ state, update, errors }: SectionProps) {
  return (
    <FormSection title="The property" id="pc-property">
      <div data-field="propertyType">
        <ChoiceGroup
          legend="Property type"
          name="propertyType"
          columns="2-3"
          options={options(PROPERTY_TYPES, (value) => PROPERTY_TYPE_LABELS[value])}
          value={state.propertyType}
          onChange={(propertyType) => update({ propertyType })}
          error={errors.propertyType}
        />
      </div>
      <div data-field="propertySize">
        <ChoiceGroup
          legend="Property size"
          name="propertySize"
          columns="2-3"
          options={PROPERTY_SIZES.map((value) => ({ value, ...PROPERTY_SIZE_LABELS[value] }))}
          value={state.propertySize}
          onChange={(propertySize) => update({ propertySize })}
          error={errors.propertySize}
        />
      </div>
      <div data-field="floors">
        <ChoiceGroup
          legend="Floors"
          name="floors"
          columns="3"
          options={options(FLOOR_COUNTS, (value) => value)}
          value={state.floors}
          onChange={(floors) => update({ floors })}
          error={errors.floors}
        />
      </div>
      <div className="grid gap-6 sm:grid-cols-2">
        <div data-field="rooms">
          <NumberStepper
            label="Rooms"
            max={500}
            value={state.rooms}
            onChange={(rooms) => update({ rooms })}
          />
        </div>
        <div data-field="bathrooms">
          <NumberStepper
            label="Bathrooms"
            max={100}
            value={state.bathrooms}
            onChange={(bathrooms) => update({ bathrooms })}
          />
        </div>
      </div>
      <div data-field="hasKitchen">
        <ChoiceGroup<"yes" | "no">
          legend="Is there a kitchen?"
          name="hasKitchen"
          columns="2"
          options={[
            { value: "yes", label: "Yes" },
            { value: "no", label: "No" },
          ]}
          value={state.hasKitchen === undefined ? undefined : state.hasKitchen ? "yes" : "no"}
          onChange={(answer) => update({ hasKitchen: answer === "yes" })}
          error={errors.hasKitchen}
        />
      </div>
    </FormSection>
  );
}

function CleanSection({ state, update, errors }: SectionProps) {
  return (
    <FormSection title="The clean" id="pc-clean">
      <div data-field="cleanType">
        <ChoiceGroup
          legend="Clean type"
          name="cleanType"
          options={CLEAN_TYPES.map((value) => ({ value, ...CLEAN_TYPE_LABELS[value] }))}
          value={state.cleanType}
          onChange={(cleanType) => update({ cleanType })}
          error={errors.cleanType}
        />
      </div>
      <div data-field="services">
        <CheckboxGroup
          legend="Services you need"
          hint="Choose any that apply. We include the essentials in every clean."
          options={options(SERVICES, (value) => SERVICE_LABELS[value])}
          values={state.services}
          onChange={(services) => update({ services })}
        />
      </div>
      <div data-field="floorTypes">
        <CheckboxGroup
          legend="Floor types"
          columns="2"
          hint="So we bring the right products for each surface."
          options={options(FLOOR_TYPES, (value) => FLOOR_TYPE_LABELS[value])}
          values={state.floorTypes}
          onChange={(floorTypes) => update({ floorTypes })}
        />
      </div>
      <div data-field="needsScaffolding">
        <CheckboxField
          label="Some areas need scaffolding or a tall ladder (high ceilings, voids, stairwells)"
          checked={state.needsScaffolding}
          onChange={(needsScaffolding) => update({ needsScaffolding })}
        />
      </div>
    </FormSection>
  );
}

function DetailsSection({ state, update, errors }: SectionProps) {
  return (
    <FormSection title="Details and photos" id="pc-details">
      <div data-field="additionalDetails">
        <TextAreaInput
          label="Project details"
          hint="For example: new build, renovation of the kitchen and two bathrooms, handover on 12 March."
          rows={4}
          maxLength={2000}
          value={state.additionalDetails}
          onChange={(additionalDetails) => update({ additionalDetails })}
          error={errors.additionalDetails}
        />
      </div>
      <div data-field="clientPriorities">
        <CheckboxGroup
          legend="What matters most to you"
          options={options(PRIORITIES, (value) => PRIORITY_LABELS[value])}
          values={state.clientPriorities}
          onChange={(clientPriorities) => update({ clientPriorities })}
        />
      </div>
      <div data-field="photos">
        <fieldset>
          <legend className="text-sm font-semibold">Photos</legend>
          <p className="mt-1 mb-3 text-sm text-muted">{POST_CONSTRUCTION_TEXT.photosHint}</p>
          <PhotoPicker
            photos={state.photos}
            onAdd={(photo) => update((s) => ({ photos: [...s.photos, photo] }))}
            onRemove={(id) => update((s) => ({ photos: s.photos.filter((p) => p.id !== id) }))}
            max={MAX_QUOTE_IMAGES}
            messages={PHOTO_MESSAGES}
            describe="Your property"
          />
        </fieldset>
      </div>
      <div data-field="additionalNotes">
        <TextAreaInput
          label="Additional notes"
          hint="Anything else we should know about the site."
          rows={3}
          maxLength={2000}
          value={state.additionalNotes}
          onChange={(additionalNotes) => update({ additionalNotes })}
          error={errors.additionalNotes}
        />
      </div>
    </FormSection>
  );
}
