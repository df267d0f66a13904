// What the admin may show of a cleaner's photo column (docs/decisions/0010-photo-uploads.md): our
// own upload's URL or an Unsplash link, the only image sources the CSP allows. Any other link
// (typed in Add Cleaner) is kept but shown as initials. Client-safe.

export function displayablePhotoUrl(photo: string | null): string | null {
  if (!photo) return null;
  if (/^\/api\/uploads\/[0-9a-f-]{36}$/i.test(photo)) return photo;
  if (photo.startsWith("https://images.unsplash.com/")) return photo;
  return null;
}
