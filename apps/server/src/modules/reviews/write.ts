import { and, asc, eq, inArray } from "drizzle-orm";
import { parseImageDataUrl, type ReviewRequest } from "@store/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { onDuplicate } from "../../lib/failures";
import { storeImage } from "../../media/images";
import type { MediaStore } from "../../media/storage";
import { deliveredAt, viewableOrder, type OrderAccess } from "../orders/reader";
import { orderLines } from "../orders/tables";
import { customerReviews } from "./tables";

const alreadyReviewed = () =>
  new AppError("conflict", "You have already reviewed this piece. Thank you!", "REVIEW_EXISTS");

/**
 * The order's lines its buyer may review now: the order was delivered (it has a delivered step, so a later
 * return does not take the review away), the line has pieces not cancelled, and it has no review yet.
 */
export async function reviewableLineIds(db: Db, orderId: number): Promise<number[]> {
  if (!(await deliveredAt(db, orderId))) return [];
  const lines = await db
    .select({ id: orderLines.id, quantity: orderLines.quantity, cancelled: orderLines.cancelledQuantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
  const kept = lines.filter((l) => l.quantity > l.cancelled).map((l) => l.id);
  if (kept.length === 0) return [];
  const reviewed = await db
    .select({ lineId: customerReviews.orderLineId })
    .from(customerReviews)
    .where(inArray(customerReviews.orderLineId, kept));
  const done = new Set(reviewed.map((r) => r.lineId));
  return kept.filter((id) => !done.has(id));
}

/** Each photo re-encoded to WebP like the back office's uploads (location and anything hidden dropped). */
async function storeReviewPhotos(media: MediaStore, photos: readonly string[]): Promise<string[]> {
  const urls: string[] = [];
  for (const [i, photo] of photos.entries()) {
    const parsed = parseImageDataUrl(photo);
    const image = parsed && (await storeImage(media, Buffer.from(parsed.base64, "base64"), "reviews"));
    if (!image)
      throw new AppError("unprocessable", `Photo ${i + 1} is not an image we can read.`, "PHOTO_NOT_AN_IMAGE", [
        { path: `photos.${i}`, message: `Photo ${i + 1} is not an image we can read.` },
      ]);
    urls.push(image.url);
  }
  return urls;
}

/** "Asha Meena" -> "Asha M.": a buyer's review names them as a shop assistant would, not in full. */
const shortName = (full: string) => {
  const [first = "", ...rest] = full.trim().split(/\s+/);
  const last = rest.at(-1);
  return last ? `${first} ${last[0]!.toUpperCase()}.` : first || "A buyer";
};

/**
 * `POST /api/orders/:id/lines/:lineId/review`: the buyer's review of one delivered line, waiting for the
 * seller's approval. Everything is checked before the photos are stored; the unique index on the line
 * settles two sends at once (the second is a 409).
 */
export async function writeReview(
  db: Db,
  media: MediaStore,
  access: OrderAccess,
  orderId: number,
  lineId: number,
  input: ReviewRequest,
): Promise<number> {
  const order = await viewableOrder(db, access, orderId);
  const [line] = await db
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.id, lineId), eq(orderLines.orderId, orderId)));
  if (!line) throw new AppError("not_found", "Order line not found", "ORDER_LINE_NOT_FOUND");
  if (!(await reviewableLineIds(db, orderId)).includes(lineId)) {
    const [existing] = await db
      .select({ id: customerReviews.id })
      .from(customerReviews)
      .where(eq(customerReviews.orderLineId, lineId));
    if (existing) throw alreadyReviewed();
    throw new AppError(
      "unprocessable",
      "You can review this piece once it has been delivered.",
      "REVIEW_NOT_DELIVERED",
    );
  }
  const photos = await storeReviewPhotos(media, input.photos);
  const [row] = await onDuplicate(
    () =>
      db
        .insert(customerReviews)
        .values({
          productId: line.productId,
          userId: order.userId,
          orderId,
          orderLineId: lineId,
          verified: true,
          name: shortName(order.deliveryName),
          location: order.city,
          rating: input.rating,
          title: input.title,
          body: input.body,
          size: line.size,
          fit: input.fit ?? null,
          photos,
        })
        .returning({ id: customerReviews.id }),
    alreadyReviewed,
  );
  return row!.id;
}
