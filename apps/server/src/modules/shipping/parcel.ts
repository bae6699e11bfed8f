import { GRAMS_PER_PIECE } from "@store/shared";
import type { Tx } from "../../db/client";
import { piecesToShip } from "../orders/shipping-steps";
import type { OrderRow } from "../orders/transitions";
import type { ParcelOrder } from "./provider";

/**
 * The shop does not record weights or box sizes yet, so every piece counts as the shipping fees count it
 * (half a kilo) in one standard box (hand-made textiles, folded); the courier re-weighs and bills the difference.
 */
const KG_PER_PIECE = GRAMS_PER_PIECE / 1000;
const BOX_CM = { length: 30, breadth: 25, height: 8 };

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
  return parcelWith(order, pickupLocation, reference, await piecesToShip(tx, order.id), {
    cod: order.paymentMethod === "cod",
    amountMinor: order.total,
  });
}

/**
 * A parcel of chosen pieces to or from the order's address: a return pickup (the pieces coming back) or an
 * exchange's new size (paid already: never cash on delivery).
 */
export function parcelWith(
  order: OrderRow,
  pickupLocation: string,
  reference: string,
  pieces: readonly ParcelPiece[],
  payment: { cod: boolean; amountMinor: number },
): ParcelOrder {
  const units = pieces.reduce((sum, p) => sum + p.quantity, 0);
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
    weightKg: Math.max(0.5, units * KG_PER_PIECE),
    dimensionsCm: BOX_CM,
  };
}
