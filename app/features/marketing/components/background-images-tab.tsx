import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { AdminPanel } from "~/components/admin/admin-page";
import { ConfirmDialog } from "~/components/kit/dialog";
import { EmptyState } from "~/components/kit/empty-state";
import { useResultToast } from "~/components/kit/toast";
import { ResponsivePicture } from "~/components/site/home/responsive-picture";
import { useHydrated } from "~/components/site/use-hydrated";
import type { BackgroundImageView, RoomImageView } from "../background-images.service.server";
import type { MarketingResult } from "../marketing.schema";
import { AddImageSection } from "./add-image-forms";
import { RoomImagesSection } from "./room-images-section";

const DELETE_BUTTON_TONE = "text-danger dark:text-red-300";
const ICON_BUTTON =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-md border border-line px-3 text-sm font-semibold hover:bg-ink/5 disabled:cursor-not-allowed disabled:opacity-40 dark:border-ivory/20 dark:hover:bg-ivory/10";

const DELETE_BUTTON = `${ICON_BUTTON} ${DELETE_BUTTON_TONE}`;

export function BackgroundImagesTab({
  images,
  rooms,
}: {
  images: BackgroundImageView[];
  rooms: RoomImageView[];
}) {
  return (
    <div className="space-y-6">
      <AddImageSection />
      <ImageList images={images} />
      <RoomImagesSection rooms={rooms} />
    </div>
  );
}

/** The carousel's images in display order, each with move up, move down and delete. */
function ImageList({ images }: { images: BackgroundImageView[] }) {
  // A moved row changes place in the DOM, which drops focus: it goes back to the button pressed
  // (or, at an end, to the other one), so a keyboard user can keep moving the same image.
  const [focusAfter, setFocusAfter] = useState<{ id: string; direction: "up" | "down" } | null>(
    null,
  );
  useEffect(() => {
    if (!focusAfter) return;
    const own = document.getElementById(moveId(focusAfter.id, focusAfter.direction));
    const other = document.getElementById(
      moveId(focusAfter.id, focusAfter.direction === "up" ? "down" : "up"),
    );
    const target = own instanceof HTMLButtonElement && !own.disabled ? own : other;
    target?.focus();
  }, [images, focusAfter]);

  return (
    <AdminPanel labelledBy="images-heading">
      <h2 id="images-heading" className="text-lg font-semibold">
        Background images
      </h2>
      <p className="mt-1 mb-4 max-w-2xl text-sm text-muted dark:text-mist">
        The home page&apos;s carousel shows them in this order; changes show on the next visit.
      </p>
      {images.length === 0 ? (
        <EmptyState title="No background images yet.">
          The carousel shows a dark backdrop until you add one.
        </EmptyState>
      ) : (
        <ol className="divide-y divide-line dark:divide-ivory/10">
          {images.map((image, index) => (
            <ImageRow
              key={image.id}
              image={image}
              position={index + 1}
              count={images.length}
              onMove={(direction) => setFocusAfter({ id: image.id, direction })}
            />
          ))}
        </ol>
      )}
    </AdminPanel>
  );
}

function moveId(id: string, direction: "up" | "down") {
  return `move-${direction}-${id}`;
}

function ImageRow({
  image,
  position,
  count,
  onMove,
}: {
  image: BackgroundImageView;
  position: number;
  count: number;
  onMove: (direction: "up" | "down") => void;
}) {
  const fetcher = useFetcher<MarketingResult>();
  useResultToast(fetcher.data);

  return (
    <li className="flex flex-wrap items-center gap-4 py-3" data-image-id={image.id}>
      <div className="h-20 w-36 shrink-0 overflow-hidden rounded-md bg-ink/5 dark:bg-ivory/10">
        {image.preview && (
          <ResponsivePicture
            image={image.preview}
            sizes="144px"
            className="size-full object-cover"
          />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words">{image.title}</p>
        <p className="text-sm text-muted dark:text-mist">
          Position {position} of {count} ·{" "}
          {image.source === "upload" ? "Uploaded photo" : "Unsplash link"}
        </p>
      </div>
      {/* Plain forms under the buttons: moving and (before JavaScript loads) deleting work without it. */}
      <MoveButtons
        image={image}
        position={position}
        count={count}
        fetcher={fetcher}
        onMove={onMove}
      />
      <DeleteImage image={image} position={position} fetcher={fetcher} />
    </li>
  );
}

type ImageFetcher = ReturnType<typeof useFetcher<MarketingResult>>;

function MoveButtons({
  image,
  position,
  count,
  fetcher,
  onMove,
}: {
  image: BackgroundImageView;
  position: number;
  count: number;
  fetcher: ImageFetcher;
  onMove: (direction: "up" | "down") => void;
}) {
  return (
    <fetcher.Form method="post" className="flex flex-wrap gap-2">
      <input type="hidden" name="intent" value="move-image" />
      <input type="hidden" name="id" value={image.id} />
      <button
        type="submit"
        name="direction"
        value="up"
        id={moveId(image.id, "up")}
        className={ICON_BUTTON}
        disabled={position === 1 || fetcher.state !== "idle"}
        aria-label={`Move ${image.title} (position ${position}) up`}
        onClick={() => onMove("up")}
      >
        <ArrowUp aria-hidden="true" className="size-4" />
      </button>
      <button
        type="submit"
        name="direction"
        value="down"
        id={moveId(image.id, "down")}
        className={ICON_BUTTON}
        disabled={position === count || fetcher.state !== "idle"}
        aria-label={`Move ${image.title} (position ${position}) down`}
        onClick={() => onMove("down")}
      >
        <ArrowDown aria-hidden="true" className="size-4" />
      </button>
    </fetcher.Form>
  );
}

/** Delete, confirmed in a dialog; before JavaScript loads, a plain form posts it. */
function DeleteImage({
  image,
  position,
  fetcher,
}: {
  image: BackgroundImageView;
  position: number;
  fetcher: ImageFetcher;
}) {
  const [confirming, setConfirming] = useState(false);
  const hydrated = useHydrated();
  const deleteLabel = `Delete ${image.title} (position ${position})`;
  return hydrated ? (
    <ConfirmDialog
      open={confirming}
      onOpenChange={setConfirming}
      trigger={
        <button type="button" className={DELETE_BUTTON} aria-label={deleteLabel}>
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
      }
      title={`Delete ${image.title}?`}
      description="It leaves the home page's carousel at once. This cannot be undone."
      confirmLabel="Delete"
      onConfirm={() =>
        void fetcher.submit({ intent: "delete-image", id: image.id }, { method: "post" })
      }
    />
  ) : (
    <form method="post">
      <input type="hidden" name="intent" value="delete-image" />
      <input type="hidden" name="id" value={image.id} />
      <button type="submit" className={DELETE_BUTTON} aria-label={deleteLabel}>
        <Trash2 aria-hidden="true" className="size-4" />
      </button>
    </form>
  );
}
