import { DEFAULT_BUSINESS_PROFILE } from "~/features/settings/business-profile-defaults";

export const ADMIN_LAYOUT_ID = "routes/admin/admin-layout";

type MetaArgs = { matches: ReadonlyArray<{ id: string; data?: unknown } | undefined> };

/** "Leads | Admin | Business name"; admin pages are never indexed. */
export function adminMeta(args: MetaArgs, title: string) {
  const layout = args.matches.find((match) => match?.id === ADMIN_LAYOUT_ID);
  const name =
    (layout?.data as { businessName?: string } | undefined)?.businessName ??
    DEFAULT_BUSINESS_PROFILE.name;
  return [
    { title: `${title} | Admin | ${name}` },
    { name: "robots", content: "noindex, nofollow" },
  ];
}
