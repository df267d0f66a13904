import { Plus } from "lucide-react";
import { useState } from "react";
import { useFetcher, useSearchParams } from "react-router";
import { AdminPanel } from "~/components/admin/admin-page";
import { DataTable, type Column } from "~/components/kit/data-table";
import { ConfirmDialog, Dialog } from "~/components/kit/dialog";
import { RowActionsMenu } from "~/components/kit/dropdown-menu";
import { pageHref } from "~/components/kit/keyset";
import { StatusBadge } from "~/components/kit/status-badge";
import { useResultToast } from "~/components/kit/toast";
import { useHydrated } from "~/components/site/use-hydrated";
import { buttonClasses } from "~/components/ui/button";
import { formatShortDate } from "~/lib/format";
import { sydneyDate } from "~/lib/sydney-time";
import type { MarketingResult } from "../marketing.schema";
import type { ReviewsPage, ReviewView } from "../reviews.service.server";
import { ReviewForm } from "./review-form";

/**
 * Customer Reviews (docs/product/back-office.md#marketing): newest first, a page at
 * a time; add, edit (staff-typed only), delete (after a confirmation), and choose which verified reviews
 * the home page shows (docs/decisions/0023-honest-reviews.md). Texts render as text, never HTML.
 */
export function ReviewsTab({
  page,
  cleaners,
}: {
  page: ReviewsPage;
  cleaners: { id: string; name: string }[];
}) {
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const tab = useReviewsTab();
  const { editing, deleting } = tab;

  return (
    <AdminPanel labelledBy="reviews-heading">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="reviews-heading" className="text-lg font-semibold">
            Customer reviews
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-muted dark:text-mist">
            Newest first. A review a client sends through the link emailed after a completed job is
            verified. The home page shows the verified reviews you choose (five at most); while none
            is chosen, the newest verified ones.
          </p>
        </div>
        <AddReviewDialog cleaners={cleaners} />
      </div>
      <DataTable
        caption="Customer reviews"
        rows={page.reviews}
        rowKey={(review) => review.id}
        columns={reviewColumns(tab, hydrated)}
        params={params}
        loading={tab.fetcher.state !== "idle"}
        pages={{
          previous: page.previous
            ? { href: pageHref(params, "before", page.previous), label: "Newer reviews" }
            : undefined,
          next: page.next
            ? { href: pageHref(params, "after", page.next), label: "Older reviews" }
            : undefined,
        }}
        empty={{ title: "No reviews yet." }}
      />
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) tab.setEditing(null);
        }}
        title={editing ? `Edit the review by ${editing.clientName}` : "Edit review"}
      >
        {editing && (
          <ReviewForm
            key={editing.id}
            review={editing}
            cleaners={cleaners}
            onSaved={tab.editSaved}
          />
        )}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) tab.setDeleting(null);
        }}
        returnFocusTo={tab.returnFocusTo}
        title={deleting ? `Delete the review by ${deleting.clientName}?` : "Delete review?"}
        description="It leaves this list and the home page. This cannot be undone."
        confirmLabel="Delete"
        onConfirm={() => deleting && tab.post({ intent: "review-delete", reviewId: deleting.id })}
      />
    </AdminPanel>
  );
}

type ReviewsTabState = ReturnType<typeof useReviewsTab>;

/**
 * The tab's posts (verify, home page, delete) and which review is being edited or deleted;
 * focus goes back to that review's menu when its dialog closes.
 */
function useReviewsTab() {
  const fetcher = useFetcher<MarketingResult>();
  useResultToast(fetcher.data);
  const [editing, setEditing] = useState<ReviewView | null>(null);
  const [deleting, setDeleting] = useState<ReviewView | null>(null);
  const [returnFocusTo, setReturnFocusTo] = useState<string>();
  const post = (values: Record<string, string>) => void fetcher.submit(values, { method: "post" });
  const edit = (review: ReviewView) => {
    setReturnFocusTo(`review-actions-${review.id}`);
    setEditing(review);
  };
  const askDelete = (review: ReviewView) => {
    setReturnFocusTo(`review-actions-${review.id}`);
    setDeleting(review);
  };
  const editSaved = () => {
    setEditing(null);
    if (returnFocusTo) document.getElementById(returnFocusTo)?.focus();
  };
  return {
    fetcher,
    editing,
    setEditing,
    deleting,
    setDeleting,
    returnFocusTo,
    post,
    edit,
    askDelete,
    editSaved,
  };
}

function AddReviewDialog({ cleaners }: { cleaners: { id: string; name: string }[] }) {
  const [adding, setAdding] = useState(false);
  return (
    <Dialog
      open={adding}
      onOpenChange={setAdding}
      title="Add a review"
      trigger={
        <button
          type="button"
          className={buttonClasses("ink", "dark:bg-gold dark:text-ink dark:hover:bg-gold-light")}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add review
        </button>
      }
    >
      <ReviewForm cleaners={cleaners} onSaved={() => setAdding(false)} />
    </Dialog>
  );
}

function reviewColumns(tab: ReviewsTabState, hydrated: boolean): Column<ReviewView>[] {
  return [
    {
      key: "client",
      header: "Client",
      cell: (review) => (
        <>
          <span className="font-semibold">{review.clientName}</span>
          {review.location && (
            <span className="block text-muted dark:text-mist">{review.location}</span>
          )}
          <span className="block text-muted dark:text-mist">
            {formatShortDate(sydneyDate(new Date(review.createdAt)))}
          </span>
        </>
      ),
    },
    {
      key: "rating",
      header: "Rating",
      cell: (review) => <span className="whitespace-nowrap">{review.rating} of 5</span>,
    },
    {
      key: "review",
      header: "Review",
      className: "min-w-64",
      cell: (review) => (
        <>
          <p className="line-clamp-3 break-words">{review.comment}</p>
          {(review.serviceLabel || review.cleanerName) && (
            <p className="mt-1 text-muted dark:text-mist">
              {[review.serviceLabel, review.cleanerName && `Cleaner: ${review.cleanerName}`]
                .filter(Boolean)
                .join(" · ")}
            </p>
          )}
        </>
      ),
    },
    {
      key: "status",
      header: "Status",
      cell: (review) => (
        // The booking badge's colours: confirmed green, pending yellow, anything else grey.
        <div className="flex flex-col items-start gap-1.5">
          <StatusBadge
            kind="booking"
            status={review.verified ? "confirmed" : "pending"}
            label={review.verified ? "Verified" : "Not verified"}
          />
          {review.showOnHome && <StatusBadge kind="booking" status="home" label="On home page" />}
        </div>
      ),
    },
    {
      key: "actions",
      header: "Actions",
      className: "text-right",
      cell: (review) =>
        hydrated ? <ReviewActionsMenu review={review} tab={tab} /> : <RowForms review={review} />,
    },
  ];
}

function ReviewActionsMenu({ review, tab }: { review: ReviewView; tab: ReviewsTabState }) {
  return (
    <RowActionsMenu
      label={`Actions for the review by ${review.clientName}`}
      triggerId={`review-actions-${review.id}`}
      actions={[
        // A client's own (verified) review is theirs: shown or hidden, never reworded.
        ...(review.verified ? [] : [{ label: "Edit", onSelect: () => tab.edit(review) }]),
        review.showOnHome
          ? {
              label: "Remove from home page",
              onSelect: () =>
                tab.post({ intent: "review-home", reviewId: review.id, value: "off" }),
            }
          : {
              label: "Show on home page",
              disabled: !review.verified,
              onSelect: () => tab.post({ intent: "review-home", reviewId: review.id, value: "on" }),
            },
        {
          label: "Delete…",
          danger: true,
          onSelect: () => tab.askDelete(review),
        },
      ]}
    />
  );
}

const ROW_BUTTON =
  "min-h-11 rounded-md border border-line px-3 text-sm font-semibold hover:bg-ink/5 dark:border-ivory/20 dark:hover:bg-ivory/10";

/** Before JavaScript loads, a row's actions as plain forms (editing needs the dialog, so it waits). */
function RowForms({ review }: { review: ReviewView }) {
  const row = (intent: string, label: string, value?: string) => (
    <form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="reviewId" value={review.id} />
      {value && <input type="hidden" name="value" value={value} />}
      <button type="submit" className={ROW_BUTTON}>
        {label}
      </button>
    </form>
  );
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {review.verified &&
        (review.showOnHome
          ? row("review-home", "Remove from home page", "off")
          : row("review-home", "Show on home page", "on"))}
      {row("review-delete", `Delete the review by ${review.clientName}`)}
    </div>
  );
}
