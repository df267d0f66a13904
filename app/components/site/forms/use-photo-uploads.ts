import { useState } from "react";
import { choosePhotos } from "./photo-choice";

// The picker's own types, restated: the picker imports this hook, and a cycle back is refused.
type UploadedPhoto = { id: string; url: string };
type PhotoPickerMessages = { tooMany: string; failed: string };

export type Pending = { key: string; name: string; error?: string };

async function upload(file: File, failed: string): Promise<UploadedPhoto | { error: string }> {
  const body = new FormData();
  body.append("photo", file);
  try {
    const response = await fetch("/api/uploads", { method: "POST", body });
    const json = (await response.json()) as { id?: string; url?: string; error?: string };
    if (response.ok && json.id && json.url) return { id: json.id, url: json.url };
    return { error: json.error ?? failed };
  } catch {
    return { error: failed };
  }
}

/**
 * The photos on their way up: each chosen image uploads at once; the form gets it through
 * `onAdd` when done. The alert says why some of a choice was left (too many, not an image).
 */
export function usePhotoUploads({
  photos,
  onAdd,
  onRemove,
  max,
  messages,
}: {
  photos: UploadedPhoto[];
  onAdd: (photo: UploadedPhoto) => void;
  onRemove: (id: string) => void;
  max: number;
  messages: PhotoPickerMessages;
}) {
  const [pending, setPending] = useState<Pending[]>([]);
  const [alert, setAlert] = useState("");
  const uploading = pending.filter((p) => !p.error).length;

  const choose = (files: File[]) => {
    const { accepted, alert: reason } = choosePhotos(
      files,
      max - photos.length - uploading,
      messages.tooMany,
    );
    setAlert(reason);
    for (const file of accepted) {
      const key = `${Date.now()}-${Math.random()}`;
      setPending((list) => [...list, { key, name: file.name }]);
      void upload(file, messages.failed).then((result) => {
        if ("error" in result) {
          setPending((list) => list.map((p) => (p.key === key ? { ...p, ...result } : p)));
        } else {
          setPending((list) => list.filter((p) => p.key !== key));
          onAdd(result);
        }
      });
    }
  };

  const full = photos.length + uploading >= max;
  const remove = (photoId: string) => {
    setAlert("");
    onRemove(photoId);
  };
  const dismiss = (key: string) => setPending((list) => list.filter((p) => p.key !== key));
  return { pending, alert, full, choose, remove, dismiss };
}
