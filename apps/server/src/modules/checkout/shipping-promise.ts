import {
  destinationName,
  SHIPPING_METHODS,
  shippingMethodsFor,
  type Currency,
  type ShippingMethod,
  type ShippingPromise,
  type ShippingQuote,
} from "@store/shared";
import type { SessionUser } from "../accounts/service";
import { cartForReading } from "../cart/cart-access";
import { cartLineRows } from "../cart/cart-view";
import type { Db } from "../../db/client";
import { AppError, refusal } from "../../errors";
import { shippingFactsOf } from "../catalog/shipping-facts";
import { shippingFeeOf } from "./quote";

function promisedMethods(country: string): ShippingMethod[] {
  const offered = shippingMethodsFor(country).filter((m) => m.zone === "international");
  if (offered.length > 0) return offered;
  return Object.values(SHIPPING_METHODS).filter((m) => m.zone === "international");
}

/**
 * The product page's delivery promise abroad (decision 080): each method the shop offers to the country, its
 * business days and its fee for one piece of the product ("from"), priced as the checkout prices it. A country
 * the rate cards do not ship to answers no methods and says so. `methods` defaults to the international
 * methods offered to the country, or while none is offered, every international method (what the rate cards
 * say delivery abroad costs); tests pass their own.
 */
export async function shippingPromise(
  db: Db,
  input: { productId: number; country: string; currency: Currency },
  methods: readonly ShippingMethod[] = promisedMethods(input.country),
): Promise<ShippingPromise> {
  const country = input.country.toUpperCase();
  const name = destinationName(country);
  if (!name) throw refusal("bad_request", "BAD_COUNTRY", `${input.country} is not a country code`);
  if (!(await shippingFactsOf(db, [input.productId], input.currency)).has(input.productId))
    throw refusal("not_found", "PRODUCT_NOT_FOUND", "There is no such product.");
  const answer: ShippingPromise = { country, country_name: name, currency: input.currency, methods: [], message: null };
  for (const method of methods) {
    try {
      const from = await shippingFeeOf(db, {
        currency: input.currency,
        country,
        shippingMethod: method.code,
        lines: [{ productId: input.productId, quantity: 1 }],
      });
      answer.methods.push({ code: method.code, label: method.label, days: method.days, from });
    } catch (error) {
      if (!(error instanceof AppError) || error.kind !== "unprocessable") throw error;
      answer.message = error.message;
    }
  }
  if (answer.methods.length > 0) answer.message = null;
  return answer;
}

/**
 * The checkout's delivery choice (decision 080): each method offered to the country with its fee for the whole
 * cart, priced as the order will be; a country the rate cards do not reach answers no methods and says why.
 */
export async function shippingQuote(
  db: Db,
  input: { cartId: string; country: string; currency: Currency },
  user: Pick<SessionUser, "id"> | null,
): Promise<ShippingQuote> {
  const cart = await cartForReading(db, input.cartId, user);
  const lines = cart ? await cartLineRows(db, cart.id) : [];
  const answer: ShippingQuote = { methods: [], message: null };
  for (const method of shippingMethodsFor(input.country)) {
    try {
      const fee = await shippingFeeOf(db, {
        currency: input.currency,
        country: input.country,
        shippingMethod: method.code,
        lines: lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
      });
      answer.methods.push({ code: method.code, fee });
    } catch (error) {
      if (!(error instanceof AppError) || error.kind !== "unprocessable") throw error;
      answer.message = error.message;
    }
  }
  if (answer.methods.length > 0) answer.message = null;
  return answer;
}
