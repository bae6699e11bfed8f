import {
  SHIPPING_METHOD_CODES,
  SHIPPING_METHODS,
  toMajorUnits,
  type Currency,
  type ShippingOffer,
} from "@store/shared";
import type { Db } from "../../db/client";
import { refusal } from "../../errors";
import { shippingFactsOf, type ProductShippingFacts } from "../catalog/shipping-facts";
import { priceInEveryZone } from "../settings/rate-cards";
import { readShippingFees } from "../settings/service";

/** The country India's methods deliver to (ISO 3166-1 alpha-2). */
const INDIA = "IN";

/** The piece the shop-wide rates are quoted for: half a kilo, soft, no surcharge (the cards' first step). */
const FIRST_STEP_PIECE: ProductShippingFacts = { grams: 500, packageCm: null, handlingMinor: 0 };

/**
 * Every way one piece of a product ships, priced as the checkout prices it (decision 104): India's offered
 * methods at the seller's fees (to IN), and each offered international method at the rate cards of every zone
 * that has countries and a card in `currency` (decision 080). The product page's structured data reads it.
 */
export async function shippingOffers(
  db: Db,
  input: { productId: number; currency: Currency },
): Promise<ShippingOffer[]> {
  const piece = (await shippingFactsOf(db, [input.productId], input.currency)).get(input.productId);
  if (!piece) throw refusal("not_found", "PRODUCT_NOT_FOUND", "There is no such product.");
  return offersFor(db, input.currency, piece);
}

/** The shop-wide rates (the Organization's shipping policy): a half-kilo piece by every offered method. */
export const shopShippingOffers = (db: Db, currency: Currency) => offersFor(db, currency, FIRST_STEP_PIECE);

async function offersFor(db: Db, currency: Currency, piece: ProductShippingFacts): Promise<ShippingOffer[]> {
  const offered = SHIPPING_METHOD_CODES.map((code) => SHIPPING_METHODS[code]).filter((m) => m.offered);
  const fees = await readShippingFees(db);
  const india: ShippingOffer[] = offered.flatMap((m) =>
    m.zone === "india" && m.fee
      ? [
          {
            method: m.code,
            label: m.label,
            countries: [INDIA],
            fee: m.fee({ currency, country: INDIA, pieces: 1 }, fees),
            currency,
            days: m.days,
          },
        ]
      : [],
  );
  const abroad = await priceInEveryZone(db, {
    methods: offered.filter((m) => m.zone === "international").map((m) => m.code),
    currency,
    pieces: [{ ...piece, quantity: 1 }],
  });
  return [
    ...india,
    ...abroad.map((z) => ({
      method: z.method,
      label: SHIPPING_METHODS[z.method].label,
      countries: z.countries,
      fee: toMajorUnits(z.feeMinor),
      currency,
      days: SHIPPING_METHODS[z.method].days,
    })),
  ];
}
