import { eq, inArray } from "drizzle-orm";
import { parcelWeight, type ParcelPieceFacts } from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { products } from "../catalog/tables";
import { piecesToShip } from "../orders/shipping-steps";
import { orderLines } from "../orders/tables";
import { toPayByMethod } from "../orders/refund-policy";
import type { OrderRow } from "../orders/transitions";
import type { ParcelOrder } from "./provider";

/** A piece whose product is gone: as the products' default, 500 g folded in the mailer. */
const UNKNOWN_PIECE = { grams: 500, packageCm: null };

/** The packed weight and package of each order line's product (decision 080), by line id. */
async function lineFacts(db: Db | Tx, lineIds: readonly number[]) {
  if (lineIds.length === 0) return new Map<number, Omit<ParcelPieceFacts, "quantity">>();
  const rows = await db
    .select({
      lineId: orderLines.id,
      grams: products.shippingGrams,
      length: products.packageLengthCm,
      width: products.packageWidthCm,
      height: products.packageHeightCm,
    })
    .from(orderLines)
    .leftJoin(products, eq(products.id, orderLines.productId))
    .where(inArray(orderLines.id, [...lineIds]));
  return new Map(
    rows.map((r) => [
      r.lineId,
      r.grams === null
        ? UNKNOWN_PIECE
        : {
            grams: r.grams,
            packageCm:
              r.length !== null && r.width !== null && r.height !== null
                ? { length: r.length, width: r.width, height: r.height }
                : null,
          },
    ]),
  );
}

/** The order's value in rupees: an INR order's own, a USD one's at the order's rate. */
const rupees = (order: OrderRow, minor: number) =>
  Math.round(order.currency === "INR" ? minor : (minor * order.rateMilli) / 1000) / 100;

export interface ParcelPiece {
  lineId: number;
  variantId: number | null;
  productName: string;
  size: string;
  unitPrice: number;
  quantity: number;
}

/** What the courier is told about an order's parcel. */
export async function parcelOf(
  tx: Tx,
  order: OrderRow,
  pickupLocation: string,
  reference: string,
): Promise<ParcelOrder> {
  // Cash on delivery collects what the store credit left to pay (decision 088): the courier's amount is what it
  // collects; one the credit came to cover whole (pieces cancelled since) travels prepaid.
  const toCollect = order.paymentMethod === "cod" ? toPayByMethod(order) : 0;
  return parcelWith(tx, order, pickupLocation, reference, await piecesToShip(tx, order.id), {
    cod: toCollect > 0,
    amountMinor: toCollect > 0 ? toCollect : order.total,
  });
}

/**
 * A parcel of chosen pieces to or from the order's address: a return pickup (the pieces coming back) or an
 * exchange's new size (paid already: never cash on delivery). The courier is told the real packed weight
 * and the box (`parcelWeight`: the products' packages stacked, soft pieces folded in the mailer).
 */
export async function parcelWith(
  db: Db | Tx,
  order: OrderRow,
  pickupLocation: string,
  reference: string,
  pieces: readonly ParcelPiece[],
  payment: { cod: boolean; amountMinor: number },
): Promise<ParcelOrder> {
  const facts = await lineFacts(
    db,
    pieces.map((p) => p.lineId),
  );
  const weight = parcelWeight(pieces.map((p) => ({ ...(facts.get(p.lineId) ?? UNKNOWN_PIECE), quantity: p.quantity })));
  return {
    reference,
    orderDate: order.createdAt,
    pickupLocation,
    name: order.deliveryName,
    address: order.deliveryAddress,
    city: order.city,
    state: order.state,
    pincode: order.pinCode,
    phone: order.mobileNumber.replace(/\D/g, "").slice(-10),
    email: order.email,
    cod: payment.cod,
    amountRupees: rupees(order, payment.amountMinor),
    items: pieces.map((p) => ({
      name: `${p.productName} (${p.size})`,
      sku: p.variantId ? `V${p.variantId}` : `L${p.lineId}`,
      units: p.quantity,
      unitPriceRupees: rupees(order, p.unitPrice),
    })),
    weightKg: weight.actualGrams / 1000,
    dimensionsCm: weight.box,
  };
}
