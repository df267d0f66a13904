import { adminMeta } from "~/features/seo/admin-meta";
import { requirePermission } from "~/features/auth/require-staff.server";
import {
  getBackgroundImages,
  getRoomImages,
} from "~/features/marketing/background-images.service.server";
import { MarketingScreen } from "~/features/marketing/components/marketing-screen";
import { runMarketingAction } from "~/features/marketing/marketing-action.server";
import { readMarketingTab } from "~/features/marketing/marketing.schema";
import { getCleanerChoices, getReviewsPage } from "~/features/marketing/reviews.service.server";
import { readFormData } from "~/lib/http.server";
import type { Route } from "./+types/marketing";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Marketing");

// docs/product/back-office.md#marketing: the tab is ?tab= in the URL.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "marketing.manage");
  const params = new URL(request.url).searchParams;
  const tab = readMarketingTab(params.get("tab"));
  const [images, rooms, reviews, cleaners] = await Promise.all([
    getBackgroundImages(context.db),
    getRoomImages(context.db),
    getReviewsPage(context.db, { after: params.get("after"), before: params.get("before") }),
    getCleanerChoices(context.db),
  ]);
  return { tab, images, rooms, reviews, cleaners };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requirePermission(request, context, "marketing.manage");
  return runMarketingAction(context, await readFormData(request));
}

export default function Marketing({ loaderData, actionData }: Route.ComponentProps) {
  return <MarketingScreen {...loaderData} result={actionData} />;
}
