import {
  MESSAGES,
  REVIEW_FITS,
  REVIEW_FIT_LABELS,
  REVIEW_PHOTOS_MAX,
  REVIEW_THANKS,
  namedSizePhrase,
  type OrderDetail,
  type ReviewFit,
  type ReviewSentResponse,
} from "@store/shared";
import { useEffect, useRef, useState } from "react";
import { api } from "../../lib/api";
import { FormMessage } from "../account/auth-card";
import { problemsFromApi, type Problems } from "../account/form-problems";
import { Button } from "../ui/button";
import { readAsDataUrl } from "../../lib/data-url";
import { PhotoPickerField, StarRatingField } from "./review-form-fields";

const CARD = "rounded-3xl bg-white p-6 shadow-sm ring-1 ring-linen sm:p-8";
const CONTROL = "mt-1 w-full rounded-xl border border-charcoal/25 bg-cream/40 px-3 py-2 text-base";
const LABEL = "text-sm font-semibold text-charcoal";
const FIELDS = ["rating", "title", "body", "fit", "photos"] as const;
type Field = (typeof FIELDS)[number];

/** The anchor of a line's form: what the delivered e-mail links to. */
const anchorOf = (lineId: number) => `review-${lineId}`;

/**
 * "Write a review" for each delivered piece not yet reviewed (issue 17). The delivered e-mail links to
 * `#review-<line>`, which opens that piece's form.
 */
export function OrderReviews({ order, linkSecret }: { order: OrderDetail; linkSecret: string | null }) {
  const lines = order.lines.filter((line) => order.reviewable_line_ids.includes(line.line_id));
  const [open, setOpen] = useState<number | null>(null);
  const [sent, setSent] = useState<number[]>([]);

  useEffect(() => {
    const match = /^#review-(\d+)$/.exec(window.location.hash);
    const lineId = match ? Number(match[1]) : null;
    if (lineId !== null && order.reviewable_line_ids.includes(lineId)) {
      setOpen(lineId);
      document.getElementById(anchorOf(lineId))?.scrollIntoView({ block: "start" });
    }
  }, [order.reviewable_line_ids]);

  if (lines.length === 0) return null;
  return (
    <section aria-labelledby="order-reviews-heading" className={CARD}>
      <h2 id="order-reviews-heading" className="text-2xl font-semibold text-indigo-ink">
        Review your pieces
      </h2>
      <p className="mt-2 text-sm text-charcoal/85">
        Tell other shoppers what you think: your review is marked "Verified buyer".
      </p>
      <ul className="mt-4 space-y-4">
        {lines.map((line) => (
          <li key={line.line_id} id={anchorOf(line.line_id)} className="scroll-mt-24 rounded-2xl bg-cream/50 p-4">
            <h3 className="font-semibold text-charcoal">
              {line.product_name} ({namedSizePhrase(line.size, line.size_name, false)})
            </h3>
            {sent.includes(line.line_id) ? (
              <p role="status" className="mt-2 text-sm font-medium text-indigo-ink">
                {REVIEW_THANKS}
              </p>
            ) : open === line.line_id ? (
              <ReviewForm
                orderId={order.id}
                lineId={line.line_id}
                productName={line.product_name}
                linkSecret={linkSecret}
                onDone={() => {
                  setSent((list) => [...list, line.line_id]);
                  setOpen(null);
                }}
                onCancel={() => setOpen(null)}
              />
            ) : (
              <Button className="mt-2" size="sm" onClick={() => setOpen(line.line_id)}>
                Write a review
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ReviewForm({
  orderId,
  lineId,
  productName,
  linkSecret,
  onDone,
  onCancel,
}: {
  orderId: number;
  lineId: number;
  productName: string;
  linkSecret: string | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [problems, setProblems] = useState<Problems<Field>>({ fields: {}, form: null });
  const [sending, setSending] = useState(false);
  const [rating, setRating] = useState(0);
  const [files, setFiles] = useState<File[]>([]);
  const inFlight = useRef(false);
  const id = (name: string) => `review-${lineId}-${name}`;

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const data = new FormData(event.currentTarget);
    if (!rating) {
      setProblems({ fields: { rating: "Choose a rating from 1 to 5 stars" }, form: null });
      return;
    }
    if (files.length > REVIEW_PHOTOS_MAX) {
      setProblems({ fields: { photos: `Add at most ${REVIEW_PHOTOS_MAX} photos` }, form: null });
      return;
    }
    const text = (name: string) => String(data.get(name) ?? "").trim();
    const fit = text("fit");
    inFlight.current = true;
    setSending(true);
    setProblems({ fields: {}, form: null });
    try {
      const body = {
        rating,
        title: text("title"),
        body: text("body"),
        ...(fit && { fit: fit as ReviewFit }),
        photos: await Promise.all(files.map(readAsDataUrl)),
      };
      const query = linkSecret ? `?token=${encodeURIComponent(linkSecret)}` : "";
      await api.post<ReviewSentResponse>(`/api/orders/${orderId}/lines/${lineId}/review${query}`, body, {
        auth: !linkSecret,
      });
      onDone();
    } catch (error) {
      setProblems(problemsFromApi(error, FIELDS, MESSAGES.unexpectedError));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }

  const fieldError = (name: Field) =>
    problems.fields[name] && <p className="mt-1 text-sm font-medium text-madder">{problems.fields[name]}</p>;

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-busy={sending}
      aria-label={`Review of ${productName}`}
      className="mt-3 space-y-4"
    >
      <fieldset>
        <legend className={LABEL}>Your rating</legend>
        <StarRatingField name={id("rating")} value={rating} onChange={setRating} />
        {fieldError("rating")}
      </fieldset>
      <div>
        <label htmlFor={id("title")} className={LABEL}>
          Title
        </label>
        <input id={id("title")} name="title" maxLength={120} className={CONTROL} />
        {fieldError("title")}
      </div>
      <div>
        <label htmlFor={id("body")} className={LABEL}>
          Your review
        </label>
        <textarea id={id("body")} name="body" rows={4} maxLength={3000} className={CONTROL} />
        {fieldError("body")}
      </div>
      <div>
        <label htmlFor={id("fit")} className={LABEL}>
          How did it fit? (optional)
        </label>
        <select id={id("fit")} name="fit" className={CONTROL} defaultValue="">
          <option value="">Not sure, or not worn</option>
          {REVIEW_FITS.map((fit) => (
            <option key={fit} value={fit}>
              {REVIEW_FIT_LABELS[fit]}
            </option>
          ))}
        </select>
        {fieldError("fit")}
      </div>
      <div>
        <label htmlFor={id("photos")} className={LABEL}>
          Photos (up to {REVIEW_PHOTOS_MAX}, optional)
        </label>
        <PhotoPickerField
          id={id("photos")}
          label={files.length > 0 ? "Add more photos" : "Choose photos"}
          max={REVIEW_PHOTOS_MAX}
          files={files}
          onChange={setFiles}
        />
        {fieldError("photos")}
      </div>
      {problems.form && <FormMessage tone="error">{problems.form}</FormMessage>}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={sending}>
          {sending ? "Sending..." : "Send review"}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={sending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
