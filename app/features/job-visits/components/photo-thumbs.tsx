import type { JobPhotoLine } from "../job-visits";

/** A row of a job's photos as small links to the full photo (docs/decisions/0087-job-photos-and-on-my-way-texts.md). */
export function PhotoThumbs({ photos }: { photos: JobPhotoLine[] }) {
  if (photos.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2" aria-label="Photos">
      {photos.map((photo) => (
        <li key={photo.id}>
          <a href={photo.url} className="block" target="_blank" rel="noreferrer">
            <img
              src={photo.url}
              alt={photo.label}
              width={96}
              height={72}
              loading="lazy"
              className="h-18 w-24 rounded border border-line object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
