import { inArray } from "drizzle-orm";
import type { Currency, PackageCm } from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { products } from "./tables";

/** What one piece of a product weighs packed, its package (null: soft) and its handling surcharge in `currency`'s minor units. */
export interface ProductShippingFacts {
  grams: number;
  packageCm: PackageCm | null;
  handlingMinor: number;
}

/** The shipping facts of products by id (decision 080); an id not found is absent. */
export async function shippingFactsOf(
  db: Db | Tx,
  productIds: readonly number[],
  currency: Currency,
): Promise<Map<number, ProductShippingFacts>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: products.id,
      grams: products.shippingGrams,
      length: products.packageLengthCm,
      width: products.packageWidthCm,
      height: products.packageHeightCm,
      paise: products.handlingPaise,
      cents: products.handlingCents,
    })
    .from(products)
    .where(inArray(products.id, [...new Set(productIds)]));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        grams: r.grams,
        packageCm:
          r.length !== null && r.width !== null && r.height !== null
            ? { length: r.length, width: r.width, height: r.height }
            : null,
        handlingMinor: currency === "INR" ? r.paise : r.cents,
      },
    ]),
  );
}
