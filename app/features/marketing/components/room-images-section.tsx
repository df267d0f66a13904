import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { AdminPanel } from "~/components/admin/admin-page";
import { Field, Input } from "~/components/kit/field";
import { useResultToast } from "~/components/kit/toast";
import { ResponsivePicture } from "~/components/site/home/responsive-picture";
import { buttonClasses } from "~/components/ui/button";
import type { RoomImageView } from "../background-images.service.server";
import type { MarketingResult } from "../marketing.schema";

const BUTTON = buttonClasses(
  "outline",
  "dark:border-ivory/40 dark:text-ivory dark:hover:bg-ivory/10",
);

/**
 * The six room cards of the home page's "5 Star Service" carousel, each with its photo, changed
 * the same ways as a background image: an Unsplash link or an uploaded photo.
 */
export function RoomImagesSection({ rooms }: { rooms: RoomImageView[] }) {
  return (
    <AdminPanel labelledBy="rooms-heading">
      <h2 id="rooms-heading" className="text-lg font-semibold">
        Room card images
      </h2>
      <p className="mt-1 mb-4 max-w-2xl text-sm text-muted dark:text-mist">
        The photos of the six residential room cards on the home page.
      </p>
      <ul className="grid gap-6 md:grid-cols-2">
        {rooms.map((room) => (
          <RoomRow key={room.room} room={room} />
        ))}
      </ul>
    </AdminPanel>
  );
}

function RoomRow({ room }: { room: RoomImageView }) {
  const linkFetcher = useFetcher<MarketingResult>();
  const fileFetcher = useFetcher<MarketingResult>();
  const linkForm = useRef<HTMLFormElement>(null);
  const fileForm = useRef<HTMLFormElement>(null);
  useResultToast(linkFetcher.data);
  useResultToast(fileFetcher.data);
  const linkError = linkFetcher.state === "idle" ? linkFetcher.data?.fieldErrors?.url : undefined;
  const fileError = fileFetcher.state === "idle" ? fileFetcher.data?.fieldErrors?.photo : undefined;
  useEffect(() => {
    if (linkFetcher.state === "idle" && linkFetcher.data?.ok) linkForm.current?.reset();
  }, [linkFetcher.state, linkFetcher.data]);
  useEffect(() => {
    if (fileFetcher.state === "idle" && fileFetcher.data?.ok) fileForm.current?.reset();
  }, [fileFetcher.state, fileFetcher.data]);
  const id = `room-${room.room}`;

  return (
    <li className="rounded-lg border border-line p-4 dark:border-ivory/10" data-room={room.room}>
      <h3 className="font-semibold">{room.title}</h3>
      <div className="mt-3 aspect-[3/2] w-full max-w-xs overflow-hidden rounded-md bg-ink/5 dark:bg-ivory/10">
        {room.preview ? (
          <ResponsivePicture
            image={room.preview}
            sizes="320px"
            className="size-full object-cover"
          />
        ) : (
          <p className="p-3 text-sm text-muted dark:text-mist">No photo yet.</p>
        )}
      </div>
      <linkFetcher.Form
        method="post"
        ref={linkForm}
        className="mt-4 flex flex-wrap items-end gap-3"
      >
        <input type="hidden" name="intent" value="room-url" />
        <input type="hidden" name="room" value={room.room} />
        <RoomInput
          id={`${id}-url`}
          label={`${room.title} image URL`}
          error={linkError}
          name="url"
          type="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://unsplash.com/photos/…"
        />
        <button type="submit" className={BUTTON} disabled={linkFetcher.state !== "idle"}>
          {linkFetcher.state !== "idle" ? "Saving..." : "Use link"}
        </button>
      </linkFetcher.Form>
      <fileFetcher.Form
        method="post"
        encType="multipart/form-data"
        ref={fileForm}
        className="mt-3 flex flex-wrap items-end gap-3"
      >
        <input type="hidden" name="intent" value="room-file" />
        <input type="hidden" name="room" value={room.room} />
        <RoomInput
          id={`${id}-file`}
          label={`${room.title} photo file`}
          error={fileError}
          name="photo"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
        />
        <button type="submit" className={BUTTON} disabled={fileFetcher.state !== "idle"}>
          {fileFetcher.state !== "idle" ? "Uploading..." : "Upload photo"}
        </button>
      </fileFetcher.Form>
    </li>
  );
}

/** The one field of a room's link or upload form, taking the width the button leaves. */
function RoomInput({
  id,
  label,
  error,
  ...input
}: { id: string; label: string; error: string | undefined } & React.ComponentProps<typeof Input>) {
  return (
    <Field id={id} label={label} error={error} className="min-w-0 flex-1">
      {(aria) => <Input {...aria} {...input} />}
    </Field>
  );
}
