import { destinationName, shippingMethodsFor, toMinorUnits, type Currency } from "@store/shared";
import type { Db } from "../../db/client";
import { shippingFactsOf } from "../catalog/shipping-facts";
import { priceByRateCard } from "../settings/rate-cards";
import { readShippingFees } from "../settings/service";
import { refusal } from "../../errors";

/** One way one piece ships to the feed's country, at the fee the checkout would charge for it alone. */
export interface FeedShipping {
  country: string;
  service: string;
  priceMinor: number;
}

/**
 * Which country a currency's feed may target: rupees are India's prices, dollars the prices shown abroad
 * (for any country the seller's zones ship to). Anything else is bad input, said in a sentence.
 */
export async function checkFeedCountry(db: Db, currency: Currency, country: string): Promise<void> {
  if (currency === "INR") {
    if (country !== "IN") throw refusal("bad_request", "FEED_COUNTRY", "The INR feed is for India: use country=IN.");
    return;
  }
  if (country === "IN")
    throw refusal("bad_request", "FEED_COUNTRY", "Shoppers in India pay in rupees: use currency=INR.");
  const probe = await priceByRateCard(db, {
    method: "international-standard",
    currency,
    country,
    pieces: [{ grams: 500, packageCm: null, quantity: 1, handlingMinor: 0 }],
  });
  if (!probe.ok) {
    const place = destinationName(country) ?? country;
    throw refusal("bad_request", "FEED_COUNTRY", `The shop does not ship to ${place} in ${currency}.`);
  }
}

/**
 * Each product's shipping lines for `country` in `currency`: every method the checkout offers there, priced
 * as the checkout prices one piece (the seller's flat fees in India, the rate cards by weight abroad, with
 * the product's handling surcharge). A method not priced for the country is left out.
 */
export async function shippingByProduct(
  db: Db,
  productIds: readonly number[],
  currency: Currency,
  country: string,
): Promise<Map<number, FeedShipping[]>> {
  const methods = shippingMethodsFor(country);
  const [fees, facts] = await Promise.all([readShippingFees(db), shippingFactsOf(db, productIds, currency)]);
  const result = new Map<number, FeedShipping[]>();
  // Most pieces share their weight, package and surcharge: each such piece is priced once.
  const byPiece = new Map<string, FeedShipping[]>();
  for (const id of productIds) {
    const piece = facts.get(id) ?? { grams: 500, packageCm: null, handlingMinor: 0 };
    const key = JSON.stringify(piece);
    let lines = byPiece.get(key);
    if (!lines) {
      lines = [];
      for (const method of methods) {
        if (method.fee) {
          const major = method.fee({ currency, country, pieces: 1 }, fees);
          lines.push({ country, service: method.label, priceMinor: toMinorUnits(major) });
          continue;
        }
        const pieces = [{ ...piece, quantity: 1 }];
        const price = await priceByRateCard(db, { method: method.code, currency, country, pieces });
        if (price.ok) lines.push({ country, service: method.label, priceMinor: price.feeMinor });
      }
      byPiece.set(key, lines);
    }
    result.set(id, lines);
  }
  return result;
}
