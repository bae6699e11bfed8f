import {
  destinationName,
  shippingMethodsFor,
  type Currency,
  type ShippingMethod,
  type ShippingPromise,
} from "@store/shared";
import type { Db } from "../../db/client";
import { AppError, refusal } from "../../errors";
import { shippingFactsOf } from "../catalog/shipping-facts";
import { shippingFeeOf } from "./quote";

/**
 * The product page's delivery promise abroad (decision 080): each method the shop offers to the country, its
 * business days and its fee for one piece of the product ("from"), priced as the checkout prices it. A country
 * the rate cards do not ship to answers no methods and says so. `methods` defaults to the country's offered
 * methods (tests pass their own).
 */
export async function shippingPromise(
  db: Db,
  input: { productId: number; country: string; currency: Currency },
  methods: readonly ShippingMethod[] = shippingMethodsFor(input.country),
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
