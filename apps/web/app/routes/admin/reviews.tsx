import { RATING_MAX, REVIEW_FIT_LABELS, type AdminReview, type AdminReviewListResponse } from "@store/shared";
import { useState } from "react";
import { adminMeta } from "../../components/admin/admin-meta";
import { adminApi } from "../../components/admin/admin-api";
import { FilterForm, type FilterSpec } from "../../components/admin/filter-form";
import { formatWhen } from "../../components/admin/format";
import { ListTable, LoadState, Pager, type Column } from "../../components/admin/list-table";
import { PageHeader } from "../../components/admin/page-header";
import { BUTTON_SECONDARY } from "../../components/admin/styles";
import { useAdminAction, useAdminResource } from "../../components/admin/use-admin-resource";
import { useListParams } from "../../components/admin/use-list-params";
import { Notice, useNotice } from "../../components/ui/notice";

export function meta() {
  return adminMeta("Customer reviews");
}

const FILTERS = ["approved"] as const;
const FILTER_SPECS: FilterSpec<"approved">[] = [
  {
    name: "approved",
    label: "Show",
    kind: "select",
    options: [
      { value: "", label: "All reviews" },
      { value: "false", label: "Waiting or hidden" },
      { value: "true", label: "Shown on the site" },
    ],
  },
];

/**
 * Customer reviews, newest first: approve one to show it on the site (the product's rating follows), hide
 * one to take it down, and reply under it as the seller.
 */
export default function Reviews() {
  const list = useListParams(FILTERS);
  const reviews = useAdminResource<AdminReviewListResponse>("/api/admin/customer-reviews", {
    ...list.values,
    page: list.page,
    page_size: 25,
  });
  const action = useAdminAction();
  const notice = useNotice();

  async function setShown(review: AdminReview, show: boolean) {
    const saved = await action.run(() =>
      adminApi.post<AdminReview>(`/api/admin/customer-reviews/${review.id}/${show ? "approve" : "hide"}`),
    );
    if (!saved) return;
    notice.show(show ? `Review by ${review.name} is shown.` : `Review by ${review.name} is hidden.`);
    reviews.reload();
  }

  async function reply(review: AdminReview, text: string) {
    const saved = await action.run(() =>
      adminApi.post<AdminReview>(`/api/admin/customer-reviews/${review.id}/reply`, { reply: text }),
    );
    if (!saved) return;
    notice.show(text ? `Your reply to ${review.name} is saved.` : `Your reply to ${review.name} is removed.`);
    reviews.reload();
  }

  const columns: Column<AdminReview>[] = [
    {
      header: "Review",
      cell: (r) => (
        <span className="block max-w-md whitespace-normal">
          <span className="block font-semibold">{r.title}</span>
          <span className="block font-normal text-charcoal/85">{r.body}</span>
          {(r.size || r.fit) && (
            <span className="mt-1 block text-xs text-charcoal/75">
              {[r.size && `Size ${r.size}`, r.fit && REVIEW_FIT_LABELS[r.fit]].filter(Boolean).join(" · ")}
            </span>
          )}
          {r.photos.length > 0 && (
            <span className="mt-1 flex gap-1">
              {r.photos.map((url, i) => (
                <a key={url} href={url} target="_blank" rel="noreferrer">
                  <img
                    src={url}
                    alt={`Photo ${i + 1} from ${r.name}`}
                    width={48}
                    height={48}
                    className="h-12 w-12 rounded object-cover"
                  />
                </a>
              ))}
            </span>
          )}
          <ReplyBox review={r} busy={action.busy} onSave={(text) => void reply(r, text)} />
        </span>
      ),
    },
    {
      header: "Product",
      cell: (r) => <span className="block max-w-48 whitespace-normal">{r.product_name ?? "The shop"}</span>,
    },
    {
      header: "By",
      cell: (r) => (
        <>
          <span className="block">{r.name}</span>
          <span className="block text-xs text-charcoal/75">{r.location}</span>
          {r.verified && (
            <span className="mt-1 inline-block rounded bg-indigo-ink/10 px-1.5 text-xs font-semibold text-indigo-ink">
              Verified buyer{r.order_id !== null && ` (order #${r.order_id})`}
            </span>
          )}
        </>
      ),
    },
    { header: "Rating", cell: (r) => `${r.rating} of ${RATING_MAX}` },
    { header: "Written", cell: (r) => formatWhen(r.created_at) },
    {
      header: "On the site",
      cell: (r) => (
        <span className="flex flex-col items-start gap-1">
          {r.is_approved ? "Shown" : "Not shown"}
          <button
            type="button"
            className={BUTTON_SECONDARY}
            disabled={action.busy}
            aria-label={`${r.is_approved ? "Hide" : "Approve"} review by ${r.name}`}
            onClick={() => void setShown(r, !r.is_approved)}
          >
            {r.is_approved ? "Hide" : "Approve"}
          </button>
        </span>
      ),
    },
  ];

  const data = reviews.data;
  return (
    <>
      <PageHeader title="Customer reviews" />
      <FilterForm
        key={list.key}
        label="Filter reviews"
        specs={FILTER_SPECS}
        values={list.values}
        onApply={list.apply}
      />
      {action.failure && (
        <p role="alert" className="mb-3 text-madder">
          {action.failure.message}
        </p>
      )}
      {!data ? (
        <LoadState error={reviews.error} onRetry={reviews.reload} />
      ) : (
        <>
          <ListTable
            caption="Customer reviews"
            columns={columns}
            rows={data.data}
            busy={reviews.loading}
            empty="No reviews here."
          />
          <Pager label="Reviews" page={data.page} pageSize={data.page_size} total={data.total} onPage={list.goTo} />
        </>
      )}
      <Notice notice={notice.notice} onDismiss={notice.dismiss} />
    </>
  );
}

/** The seller's answer, shown under the review on the product page; saving an empty one removes it. */
function ReplyBox({ review, busy, onSave }: { review: AdminReview; busy: boolean; onSave: (text: string) => void }) {
  const [text, setText] = useState(review.seller_reply ?? "");
  const id = `reply-${review.id}`;
  return (
    <span className="mt-2 block">
      <label htmlFor={id} className="block text-xs font-semibold">
        Your reply (shown under the review)
      </label>
      <textarea
        id={id}
        rows={2}
        maxLength={2000}
        value={text}
        onChange={(event) => setText(event.target.value)}
        className="mt-1 w-full rounded border border-charcoal/25 px-2 py-1 text-sm"
      />
      <button
        type="button"
        className={BUTTON_SECONDARY}
        disabled={busy || text.trim() === (review.seller_reply ?? "")}
        aria-label={`Save reply to ${review.name}`}
        onClick={() => onSave(text.trim())}
      >
        Save reply
      </button>
    </span>
  );
}
