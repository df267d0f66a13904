// What a choice of files becomes in a photo picker (docs/decisions/0050-wizard-history-and-suburbs.md):
// the images that fit the room left are uploaded in the order chosen, and the alert names the
// rest, so choosing five photos with room for four adds four rather than none.

type Named = { name: string; type: string };

export type PhotoChoice<F extends Named> = {
  /** The images to upload now: the first ones chosen, as many as there is room for */
  accepted: F[];
  /** Why some files were left, or "" when every one was taken */
  alert: string;
};

export function choosePhotos<F extends Named>(
  files: F[],
  room: number,
  tooMany: string,
): PhotoChoice<F> {
  const images = files.filter((file) => file.type.startsWith("image/"));
  const accepted = images.slice(0, Math.max(0, room));
  const left = images.slice(accepted.length).map((file) => file.name);
  const reasons = [
    images.length < files.length ? "Please choose image files only." : "",
    left.length > 0 ? `${tooMany}: ${leftOutSentence(accepted.length, left)}` : "",
  ];
  return { accepted, alert: reasons.filter(Boolean).join(" ") };
}

function leftOutSentence(added: number, left: string[]) {
  const names = left.join(", ");
  if (added === 0) return `${names} ${left.length === 1 ? "was" : "were"} not added.`;
  const first = added === 1 ? "the first photo was" : `the first ${added} were`;
  return `${first} added, ${names} ${left.length === 1 ? "was" : "were"} left out.`;
}
