import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { AdminPanel } from "~/components/admin/admin-page";
import { Field, Input } from "~/components/kit/field";
import { useResultToast } from "~/components/kit/toast";
import { buttonClasses } from "~/components/ui/button";
import { firstErrorPerField } from "~/lib/field-errors";
import { AddImageUrlSchema, type MarketingResult } from "../marketing.schema";
import { DEFAULT_IMAGE_TITLE } from "../marketing-text";
import { ImageProgress } from "./image-progress";
import { useImageProgress } from "./use-image-progress";

const BUTTON = buttonClasses(
  "ink",
  "dark:bg-gold dark:text-ink dark:hover:bg-gold-light disabled:cursor-wait",
);

/**
 * Add a background image (docs/product/back-office.md#marketing): by Unsplash link
 * and title, checked in the browser and again on the server, or from a photo file.
 */
export function AddImageSection() {
  return (
    <AdminPanel labelledBy="add-image-heading">
      <h2 id="add-image-heading" className="text-lg font-semibold">
        Add a background image
      </h2>
      <p className="mt-1 mb-4 max-w-2xl text-sm text-muted dark:text-mist">
        New images go last in the home page&apos;s carousel. Paste an Unsplash photo or page link,
        or upload your own photo (JPEG, PNG, WebP or HEIC, up to 10 MB).
      </p>
      <div className="grid gap-8 lg:grid-cols-2">
        <AddByLinkForm />
        <AddByFileForm />
      </div>
    </AdminPanel>
  );
}

function AddByLinkForm() {
  const fetcher = useFetcher<MarketingResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<{ url?: string; title?: string }>({});
  const { phase, setValidating } = useImageProgress(fetcher, formRef);
  useResultToast(fetcher.data?.ok === false ? fetcher.data : undefined);
  const shown = { ...errors, ...(fetcher.state === "idle" ? fetcher.data?.fieldErrors : {}) };
  const busy = phase === "validating" || phase === "adding";

  return (
    <fetcher.Form
      method="post"
      ref={formRef}
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const formData = new FormData(form);
        setValidating(true);
        const parsed = AddImageUrlSchema.safeParse({
          url: formData.get("url"),
          title: formData.get("title"),
        });
        if (!parsed.success) {
          setErrors(firstErrorPerField(parsed.error));
          setValidating(false);
          form.querySelector<HTMLInputElement>("[aria-invalid=true], input[name=url]")?.focus();
          return;
        }
        setErrors({});
        setValidating(false);
        void fetcher.submit(formData, { method: "post" });
      }}
    >
      <h3 className="font-semibold">By Unsplash link</h3>
      <input type="hidden" name="intent" value="add-image-url" />
      <Field
        id="add-image-url"
        label="Image URL"
        hint="A page link (unsplash.com/photos/…) is turned into an image link; if its preview below stays empty, paste the photo's own address (images.unsplash.com/photo-…) instead."
        error={shown.url}
      >
        {(aria) => (
          <Input
            {...aria}
            name="url"
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://images.unsplash.com/photo-…"
            aria-required="true"
            onInput={() => setErrors((e) => ({ ...e, url: undefined }))}
          />
        )}
      </Field>
      <Field id="add-image-title" label="Title" error={shown.title}>
        {(aria) => <Input {...aria} name="title" defaultValue={DEFAULT_IMAGE_TITLE} />}
      </Field>
      <button type="submit" disabled={busy} className={BUTTON}>
        {busy ? "Adding..." : "Add image"}
      </button>
      <ImageProgress
        phase={phase}
        label="Adding the image"
        error={fetcher.data?.ok === false ? fetcher.data.formError : undefined}
      />
    </fetcher.Form>
  );
}

function AddByFileForm() {
  const fetcher = useFetcher<MarketingResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const { phase, restart } = useImageProgress(fetcher, formRef);
  useResultToast(fetcher.data?.ok === false ? fetcher.data : undefined);
  const problem = fetcher.state === "idle" && fetcher.data?.ok === false ? fetcher.data : undefined;
  const busy = phase === "validating" || phase === "adding";

  return (
    <fetcher.Form
      method="post"
      encType="multipart/form-data"
      ref={formRef}
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        const formData = new FormData(event.currentTarget);
        restart();
        void fetcher.submit(formData, { method: "post", encType: "multipart/form-data" });
      }}
    >
      <h3 className="font-semibold">By photo file</h3>
      <input type="hidden" name="intent" value="add-image-file" />
      <Field id="add-image-file" label="Photo" error={problem?.fieldErrors?.photo}>
        {(aria) => (
          <Input
            {...aria}
            name="photo"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
            aria-required="true"
          />
        )}
      </Field>
      <Field id="add-image-file-title" label="Photo title">
        {(aria) => <Input {...aria} name="title" defaultValue={DEFAULT_IMAGE_TITLE} />}
      </Field>
      <button type="submit" disabled={busy} className={BUTTON}>
        {busy ? "Uploading..." : "Upload photo"}
      </button>
      <ImageProgress
        phase={phase}
        label="Uploading the photo"
        error={problem?.fieldErrors?.photo ?? problem?.formError}
      />
    </fetcher.Form>
  );
}
