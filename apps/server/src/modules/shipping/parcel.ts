import type { Tx } from "../../db/client";
import { piecesToShip } from "../orders/shipping-steps";
import type { OrderRow } from "../orders/transitions";
import type { ParcelOrder } from "./provider";

/**
 * The shop does not record weights or box sizes yet, so every piece counts half a kilo in one standard box
 * (hand-made textiles, folded); the courier re-weighs and bills the difference. See the decision draft.
 */
const KG_PER_PIECE = 0.5;
const BOX_CM = { length: 30, breadth: 25, height: 8 };

/** The order's value in rupees: an INR order's own, a USD one's at the order's rate. */
const rupees = (order: OrderRow, minor: number) =>
  Math.round(order.currency === "INR" ? minor : (minor * order.rateMilli) / 1000) / 100;

/** What the courier is told about an order's parcel. */
export async function parcelOf(
  tx: Tx,
  order: OrderRow,
  pickupLocation: string,
  reference: string,
): Promise<ParcelOrder> {
  const pieces = await piecesToShip(tx, order.id);
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
    cod: order.paymentMethod === "cod",
    amountRupees: rupees(order, order.total),
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
