import {
  shippingMethodsFor,
  toMinorUnits,
  type CodOffer,
  type CodOfferQuery,
  type CreateOrderRequest,
} from "@store/shared";
import type { Db } from "../../db/client";
import { refusal } from "../../errors";
import type { SessionUser } from "../accounts/service";
import { cartForReading } from "../cart/cart-access";
import { decideCod, type CodAsk } from "../cod-rules/decide";
import { quoteCart } from "./quote";

/** The card provider that takes cash on delivery's advance (decision 093): Razorpay, which also takes UPI. */
export const ADVANCE_PROVIDER = "razorpay";

/** What the seller's rules are asked about a create-order request (`amount` is the COD total, rupees). */
export const codAskOf = (input: CreateOrderRequest, user: SessionUser | null): CodAsk => ({
  pinCode: input.pin_code,
  email: input.email ?? user?.email ?? null,
  mobile: input.mobile_number,
  accountEmail: user?.email ?? null,
  totalMinor: toMinorUnits(input.amount),
});

/**
 * `GET /api/cod-offer/`: the checkout asks, with the delivery PIN code and the cart (priced for cash on
 * delivery as create-order will price it), whether cash on delivery is offered and the sentence to show
 * before the shopper chooses. A customer's rule matched by the e-mail or mobile a guest typed answers with
 * a sentence that says nothing of that customer (decide.ts).
 */
export async function codOffer(db: Db, query: CodOfferQuery, user: SessionUser | null, now: Date): Promise<CodOffer> {
  const cart = await cartForReading(db, query.cart_id, user);
  if (!cart) throw refusal("unprocessable", "CART_EMPTY", "Your cart is empty.");
  const quote = await quoteCart(
    db,
    cart,
    {
      currency: "INR",
      method: "cod",
      promoCode: query.promo_code || null,
      shippingMethod: query.shipping_method ?? shippingMethodsFor("IN")[0]!.code,
      country: "IN",
    },
    now,
  );
  const totalMinor = toMinorUnits(quote.total);
  const decision = await decideCod(
    db,
    {
      pinCode: query.pin_code,
      email: query.email || user?.email || null,
      mobile: query.mobile_number || null,
      accountEmail: user?.email ?? null,
      totalMinor,
    },
    now,
  );
  return {
    cod: decision.cod,
    total_minor: totalMinor,
    advance_minor: decision.advanceMinor,
    at_door_minor: decision.cod === "refused" ? 0 : totalMinor - decision.advanceMinor,
    sentence: decision.sentence,
  };
}
