import type { MetaDescriptor } from "react-router";
import { CLEANER_LAYOUT_ID, type CleanerFrameData } from "./cleaner-frame";

/** A cleaner page's title after the business's name from the frame; never indexed. */
export function cleanerMeta(
  matches: readonly ({ id: string; data: unknown } | undefined)[],
  title: string,
): MetaDescriptor[] {
  const frame = matches.find((match) => match?.id === CLEANER_LAYOUT_ID)?.data as
    CleanerFrameData | undefined;
  const name = frame?.businessName ?? "Harbour & Gold Cleaning";
  return [
    { title: `${title} | ${name}` },
    { name: "robots", content: "noindex" },
    { tagName: "link", rel: "manifest", href: "/manifest.webmanifest" },
  ];
}
