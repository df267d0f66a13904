import { PHOTOS_WAIVED_LABEL } from "../quote-copy";
import { CheckboxField } from "./fields";
import { PhotoPicker } from "./photo-picker";
import type { SetWizard, WizardState } from "./wizard-state";

// Step 4: at least one photo, or the box accepting that the time may vary without photos.

export function StepPhotos({ state, set }: { state: WizardState; set: SetWizard }) {
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
      />
      {state.photos.length === 0 && (
        <CheckboxField
          label={PHOTOS_WAIVED_LABEL}
          checked={state.photosWaived}
          onChange={(photosWaived) => set((s) => ({ ...s, photosWaived }))}
        />
      )}
    </div>
  );
}
