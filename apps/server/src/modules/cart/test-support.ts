import { and, asc, eq, gte } from "drizzle-orm";
import { priceIn, type Currency, type ProductSize } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { productVariants, products } from "../catalog/tables";

export interface PickedVariant {
  productId: number;
  name: string;
  size: ProductSize;
  offerCents: number;
  mrpCents: number;
  stock: number;
}

/** Active (or withdrawn) products' sizes from the seeded catalogue, with at least `minStock` pieces. */
export async function pickVariants(
  app: FastifyInstance,
  options: { minStock?: number; active?: boolean; count?: number; maxStock?: number } = {},
): Promise<PickedVariant[]> {
  const rows = await app.database.db
    .select({
      productId: products.id,
      name: products.name,
      size: productVariants.size,
      offerCents: productVariants.offerPriceCents,
      mrpCents: productVariants.mrpCents,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(products.isActive, options.active ?? true), gte(productVariants.stock, options.minStock ?? 1)))
    .orderBy(asc(products.id), asc(productVariants.position));
  const fitting = rows.filter((r) => options.maxStock === undefined || r.stock <= options.maxStock);
  // One size per product, so picks never share a cart line.
  const seen = new Set<number>();
  const picked = fitting.filter((r) => !seen.has(r.productId) && seen.add(r.productId)).slice(0, options.count ?? 1);
  if (picked.length < (options.count ?? 1)) throw new Error("the seeded catalogue has no such variant");
  return picked.map((r) => ({ ...r, size: r.size as ProductSize }));
}

export async function pickVariant(
  app: FastifyInstance,
  options: Parameters<typeof pickVariants>[1] = {},
): Promise<PickedVariant> {
  const [variant] = await pickVariants(app, options);
  if (!variant) throw new Error("no variant");
  return variant;
}

/** The spec's add-to-cart payload for a variant, priced as the product page would show it. */
export function addBody(variant: PickedVariant, overrides: Record<string, unknown> = {}, currency: Currency = "USD") {
  return {
    product_pk: variant.productId,
    size: variant.size,
    quantity: 1,
    offer_price: priceIn(currency, variant.offerCents),
    mrp: priceIn(currency, variant.mrpCents),
    is_direct_buy: false,
    cart_id: null,
    currency,
    ...overrides,
  };
}

export function lineBody(variant: PickedVariant, cartId: string | null, extra: Record<string, unknown> = {}) {
  return { product_pk: variant.productId, size: variant.size, is_direct_buy: false, cart_id: cartId, ...extra };
}
