import { useNavigate } from "react-router";
import { AdminPanel } from "~/components/admin/admin-page";
import { PageHeader } from "~/components/kit/page-header";
import { Tabs } from "~/components/kit/tabs";
import type { BackgroundImageView, RoomImageView } from "../background-images.service.server";
import { FormMessage } from "~/components/kit/form-message";
import { useHydrated } from "~/components/site/use-hydrated";
import { MARKETING_TABS, type MarketingResult, type MarketingTab } from "../marketing.schema";
import type { ReviewsPage } from "../reviews.service.server";
import { BackgroundImagesTab } from "./background-images-tab";
import { ReviewsTab } from "./reviews-tab";

type Props = {
  tab: MarketingTab;
  /** The answer to a form posted before JavaScript loaded (with it, fetchers and toasts answer). */
  result?: MarketingResult;
  images: BackgroundImageView[];
  rooms: RoomImageView[];
  reviews: ReviewsPage;
  cleaners: { id: string; name: string }[];
};

/** docs/product/back-office.md#marketing: four tabs, the chosen one in the URL (?tab=). */
export function MarketingScreen({ tab, result, images, rooms, reviews, cleaners }: Props) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const answer = hydrated ? undefined : result;
  const problem = answer && !answer.ok ? (answer.formError ?? firstMessage(answer)) : undefined;
  const content: Record<MarketingTab, React.ReactNode> = {
    "background-images": <BackgroundImagesTab images={images} rooms={rooms} />,
    "customer-reviews": <ReviewsTab page={reviews} cleaners={cleaners} />,
    testimonials: <ComingSoonPanel name="Testimonials" />,
    "social-media": <ComingSoonPanel name="Social Media" />,
  };
  return (
    <>
      <PageHeader
        title="Marketing"
        intro="The home page's background images and room photos, and the customer reviews it shows."
      />
      {answer && (
        <div className="mb-4">
          <FormMessage message={problem} />
          <FormMessage message={answer.ok ? answer.toast?.title : undefined} tone="success" />
        </div>
      )}
      <Tabs
        label="Marketing"
        value={tab}
        onValueChange={(value) =>
          void navigate(`?tab=${value}`, { replace: true, preventScrollReset: true })
        }
        tabs={MARKETING_TABS.map((entry) => ({
          value: entry.value,
          label: entry.label,
          content: content[entry.value],
        }))}
      />
    </>
  );
}

function firstMessage(result: MarketingResult) {
  return Object.values(result.fieldErrors ?? {})[0] ?? result.toast?.title;
}

function ComingSoonPanel({ name }: { name: string }) {
  return (
    <AdminPanel>
      <h2 className="text-lg font-semibold">{name}</h2>
      <p className="mt-1 text-sm text-muted dark:text-mist">{name} is coming soon.</p>
    </AdminPanel>
  );
}
