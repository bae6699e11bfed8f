import { asc, eq, ne, and, sql } from "drizzle-orm";
import {
  ORDER_STATUS_LABELS,
  RETURN_ABROAD_TERMS,
  RETURN_WINDOW_CLOSED,
  UPLOAD_MAX_BYTES,
  parseImageDataUrl,
  sizePhrase,
  type ReturnRequest,
} from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { AppError } from "../../errors";
import { invalidField } from "../../lib/failures";
import { storeImage } from "../../media/images";
import type { MediaStore } from "../../media/storage";
import { offeredVariant } from "../catalog/inventory";
import { deliveredAt } from "../orders/reader";
import { queueReturnNotice } from "../orders/return-notices";
import { orderLines } from "../orders/tables";
import type { OrderRow } from "../orders/transitions";
import { sentByShopper } from "./abroad";
import { refundOfPieces, returnWindowClosesAt } from "./rules";
import { returnLines, returnRequests } from "./tables";

type LineRow = typeof orderLines.$inferSelect;

/** A request checked against the order as it stands: the lines it sends back, what it refunds. */
export interface CheckedReturn {
  lines: { line: LineRow; quantity: number; exchangeSize: string | null }[];
  refundMinor: number;
}

const refuse = (kind: "conflict" | "unprocessable", code: string, message: string, path?: string) =>
  new AppError(kind, message, code, path ? [{ path, message }] : undefined);

/**
 * Whether the shopper may send these pieces back now (issue 16, the 48-hour policy): the order was delivered
 * less than 48 hours ago, each line is the order's and has that many pieces not cancelled and not already in
 * another request (a refused one frees them), an exchange's size is offered and in stock, and a shopper who
 * paid in cash says where the refund goes. Run before the photos are stored and again under the order's lock.
 * An order delivered abroad is returned, not exchanged (decision 085).
 */
export async function checkReturn(
  db: Db | Tx,
  order: OrderRow,
  input: ReturnRequest,
  now: Date,
): Promise<CheckedReturn> {
  if (order.status !== "delivered") {
    throw refuse(
      "conflict",
      "RETURN_NOT_DELIVERED",
      `A return or exchange can be asked for once the order is delivered; this order is "${ORDER_STATUS_LABELS[order.status]}".`,
    );
  }
  // Store credit needs an account to hold it: a guest's order is refunded as it was paid.
  if (input.refund_via === "store_credit" && order.userId === null)
    throw invalidField("refund_via", "Store credit is kept in an account: sign in and place orders there to use it.");
  if (input.kind === "exchange" && sentByShopper(order))
    throw refuse("unprocessable", "NO_EXCHANGE_ABROAD", RETURN_ABROAD_TERMS.exchange, "kind");
  const delivered = await deliveredAt(db, order.id);
  if (!delivered || now > returnWindowClosesAt(delivered)) {
    throw refuse("unprocessable", "RETURN_WINDOW_CLOSED", RETURN_WINDOW_CLOSED);
  }
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
  const asked = await askedBefore(db, order.id);

  const checked: CheckedReturn["lines"] = [];
  for (const [i, wanted] of input.lines.entries()) {
    const line = lines.find((l) => l.id === wanted.line_id);
    if (!line)
      throw refuse("unprocessable", "NOT_THIS_ORDER", "This line is not part of the order.", `lines.${i}.line_id`);
    // Made to order and sold as not returnable (decision 099; said on the product page before purchase).
    if (!line.returnable)
      throw refuse(
        "unprocessable",
        "NOT_RETURNABLE",
        `${line.productName} was made to order for you and is not returnable. If it arrived damaged or not as you ordered it, please write to us.`,
        `lines.${i}.line_id`,
      );
    const left = line.quantity - line.cancelledQuantity - (asked.get(line.id) ?? 0);
    if (left <= 0)
      throw refuse(
        "conflict",
        "RETURN_ALREADY_ASKED",
        `A return or exchange has already been asked for every piece of ${line.productName} (${sizePhrase(line.size, false)}).`,
        `lines.${i}.quantity`,
      );
    if (wanted.quantity > left)
      throw refuse(
        "unprocessable",
        "TOO_MANY_PIECES",
        `Only ${left} of ${line.productName} can be sent back.`,
        `lines.${i}.quantity`,
      );
    const exchangeSize = wanted.exchange_size ?? null;
    if (exchangeSize) await checkExchangeSize(db, line, exchangeSize, wanted.quantity, `lines.${i}.exchange_size`);
    checked.push({ line, quantity: wanted.quantity, exchangeSize });
  }

  if (input.kind === "return" && order.paymentMethod === "cod" && input.refund_via === "original" && !input.refund_to) {
    throw invalidField("refund_to", "You paid in cash: tell us the UPI id or bank account your refund should go to.");
  }
  const value = checked.reduce((sum, c) => sum + c.line.unitPrice * c.quantity, 0);
  if (input.kind === "exchange") return { lines: checked, refundMinor: 0 };
  return { lines: checked, refundMinor: refundOfPieces(order, value, await returnedBefore(db, order.id)) };
}

async function checkExchangeSize(db: Db | Tx, line: LineRow, size: string, quantity: number, path: string) {
  if (size === line.size)
    throw refuse("unprocessable", "SAME_SIZE", "Choose a size other than the one you have.", path);
  const variant = line.productId === null ? null : await offeredVariant(db, line.productId, size);
  if (!variant)
    throw refuse(
      "unprocessable",
      "SIZE_NOT_OFFERED",
      `${line.productName} does not come in ${sizePhrase(size, false)}.`,
      path,
    );
  if (variant.stock < quantity)
    throw refuse(
      "conflict",
      "SIZE_SOLD_OUT",
      `${sizePhrase(size)} of ${line.productName} is sold out just now; you can ask for a return instead.`,
      path,
    );
}

/** Pieces of each order line already in a request that was not refused. */
async function askedBefore(db: Db | Tx, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ lineId: returnLines.orderLineId, quantity: sql<number>`sum(${returnLines.quantity})::int` })
    .from(returnLines)
    .innerJoin(returnRequests, eq(returnRequests.id, returnLines.returnId))
    .where(and(eq(returnRequests.orderId, orderId), ne(returnRequests.status, "refused")))
    .groupBy(returnLines.orderLineId);
  return new Map(rows.map((r) => [r.lineId, r.quantity]));
}

/** The value of the pieces in earlier returns (not exchanges) that were not refused, at the prices paid. */
async function returnedBefore(db: Db | Tx, orderId: number): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`coalesce(sum(${orderLines.unitPrice} * ${returnLines.quantity}), 0)::int` })
    .from(returnLines)
    .innerJoin(returnRequests, eq(returnRequests.id, returnLines.returnId))
    .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
    .where(
      and(eq(returnRequests.orderId, orderId), eq(returnRequests.kind, "return"), ne(returnRequests.status, "refused")),
    );
  return row?.value ?? 0;
}

/**
 * The shopper's photos, re-encoded into the media store under returns/ (random names; metadata such as a
 * phone's location dropped). Each must be an image of 5 MB at most; anything else is a 400 naming it.
 */
export async function storeReturnPhotos(media: MediaStore, photos: readonly string[]): Promise<string[]> {
  const urls: string[] = [];
  for (const [i, photo] of photos.entries()) {
    const parsed = parseImageDataUrl(photo);
    const bytes = parsed ? Buffer.from(parsed.base64, "base64") : null;
    if (!bytes || bytes.length > UPLOAD_MAX_BYTES)
      throw invalidField(`photos.${i}`, `Photo ${i + 1} must be an image of 5 MB at most.`);
    const image = await storeImage(media, bytes, "returns");
    if (!image) throw invalidField(`photos.${i}`, `Photo ${i + 1} is not an image we can read.`);
    urls.push(image.url);
  }
  return urls;
}

/** Writes the checked request, in the caller's transaction under the order's lock. */
export async function insertReturn(
  tx: Tx,
  order: OrderRow,
  input: ReturnRequest,
  checked: CheckedReturn,
  photos: string[],
): Promise<number> {
  const [request] = await tx
    .insert(returnRequests)
    .values({
      orderId: order.id,
      kind: input.kind,
      reason: input.reason,
      details: input.details,
      photos,
      refundMinor: checked.refundMinor,
      refundVia: input.refund_via,
      refundTo:
        input.kind === "return" && order.paymentMethod === "cod" && input.refund_via === "original"
          ? (input.refund_to ?? null)
          : null,
    })
    .returning({ id: returnRequests.id });
  await queueReturnNotice(tx, order, { step: "requested" });
  await tx.insert(returnLines).values(
    checked.lines.map((c) => ({
      returnId: request!.id,
      orderLineId: c.line.id,
      quantity: c.quantity,
      exchangeSize: c.exchangeSize,
    })),
  );
  return request!.id;
}
