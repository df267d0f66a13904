import { Form } from "react-router";
import { Field, NativeSelect } from "~/components/kit/field";
import { buttonClasses } from "~/components/ui/button";
import type { JobPhotoLine } from "../job-visits";
import { useIntentBusy } from "./visit-step-forms";

// docs/decisions/0087-job-photos-and-on-my-way-texts.md: the seat's own before and after
// photos. The form is multipart, so it posts before the page's script has loaded.

/** The seat's photos, with the form to add one while on site and Delete while the job is on. */
export function JobPhotos({
  photos,
  canAdd,
  canDelete,
  errors,
}: {
  photos: JobPhotoLine[];
  canAdd: boolean;
  canDelete: boolean;
  errors?: Record<string, string>;
}) {
  if (!canAdd && photos.length === 0) return null;
  return (
    <section aria-labelledby="photos-heading" className="mt-8">
      <h2 id="photos-heading" className="text-sm font-semibold tracking-[0.15em] uppercase">
        Your photos
      </h2>
      {photos.length > 0 && (
        <ul className="mt-3 grid grid-cols-2 gap-3">
          {photos.map((photo) => (
            <li key={photo.id} className="grid gap-2">
              <a href={photo.url} className="block">
                <img
                  src={photo.url}
                  alt={photo.label}
                  width={320}
                  height={240}
                  loading="lazy"
                  className="aspect-[4/3] w-full rounded-md border border-line object-cover"
                />
              </a>
              <p className="text-sm">{photo.label}</p>
              {canDelete && <DeletePhotoForm photo={photo} />}
            </li>
          ))}
        </ul>
      )}
      {canAdd && <AddPhotoForm errors={errors} />}
    </section>
  );
}

function AddPhotoForm({ errors }: { errors?: Record<string, string> }) {
  const busy = useIntentBusy("photo");
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="mt-4 grid gap-4 rounded-lg border border-line bg-white p-5"
    >
      <input type="hidden" name="intent" value="photo" />
      <Field label="Before or after?" error={errors?.stage} id="photo-stage">
        {(control) => (
          <NativeSelect {...control} name="stage" defaultValue="before">
            <option value="before">Before</option>
            <option value="after">After</option>
          </NativeSelect>
        )}
      </Field>
      <Field
        label="Photo"
        hint="A JPEG, PNG, WebP or HEIC image under 10 MB. Its location and camera details are removed."
        error={errors?.photo}
        id="photo-file"
      >
        {(control) => (
          <input
            {...control}
            type="file"
            name="photo"
            accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
            required
            className="block w-full min-h-11 text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-line file:bg-ivory file:px-3 file:font-semibold"
          />
        )}
      </Field>
      <button type="submit" disabled={busy} className={buttonClasses("outline", "w-full")}>
        {busy ? "Uploading..." : "Add photo"}
      </button>
    </Form>
  );
}

function DeletePhotoForm({ photo }: { photo: JobPhotoLine }) {
  const busy = useIntentBusy("photo-delete");
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="photo-delete" />
      <input type="hidden" name="photoId" value={photo.id} />
      <button
        type="submit"
        disabled={busy}
        className={buttonClasses("outline", "w-full")}
        aria-label={`Delete ${photo.label}`}
      >
        Delete
      </button>
    </Form>
  );
}
