import { PHOTOS_WAIVED_LABEL } from "../quote-copy";
import { QUOTE_WIZARD_MESSAGES } from "../quote-messages";
import { MAX_QUOTE_IMAGES } from "../quote-options";
import { CheckboxField } from "~/components/site/forms/choice-fields";
import { PhotoPicker } from "~/components/site/forms/photo-picker";
import { FieldError } from "~/components/kit/field";
import type { StepProps } from "./quote-wizard";

// Step 4: at least one photo, or the box accepting that the time may vary without photos.

const PHOTO_MESSAGES = {
  tooMany: QUOTE_WIZARD_MESSAGES.tooManyImages,
  failed: QUOTE_WIZARD_MESSAGES.photoInvalid,
};

export function StepPhotos({ state, set, errors }: StepProps) {
  const error = errors.images ?? errors.photosWaived;
  return (
    <div className="space-y-8">
      <p className="leading-relaxed text-ink-soft">
        Photos help us quote accurately: a view of each main room, and anything that needs extra
        care.
      </p>
      <PhotoPicker
        photos={state.photos}
        onAdd={(photo) => set((s) => ({ ...s, photos: [...s.photos, photo] }))}
        onRemove={(id) => set((s) => ({ ...s, photos: s.photos.filter((p) => p.id !== id) }))}
        max={MAX_QUOTE_IMAGES}
        messages={PHOTO_MESSAGES}
      />
      {state.photos.length === 0 && (
        <CheckboxField
          label={PHOTOS_WAIVED_LABEL}
          checked={state.photosWaived}
          onChange={(photosWaived) => set((s) => ({ ...s, photosWaived }))}
          error={error}
        />
      )}
      {state.photos.length > 0 && <FieldError error={error} />}
    </div>
  );
}
