import type { FastifyInstance } from "fastify";
import type { AdminProduct } from "@store/shared";
import { call, productTaxFields } from "../admin/test-support";

let nextCode = 93_001;

/**
 * A product of the test's own, made through the back office's add-item form (size S with `stockS` pieces,
 * size M with `stockM`), so stock can be changed without touching what other tests read.
 */
export async function ownProduct(
  app: FastifyInstance,
  admin: Record<string, string>,
  { stockS = 0, stockM = 3 }: { stockS?: number; stockM?: number } = {},
): Promise<AdminProduct> {
  const res = await call(app, admin, "POST", "/api/admin/products", {
    product_name: `Indigo Dabu Kurta ${nextCode}`,
    product_code: nextCode++,
    category: 1,
    subcategory: 1,
    size: "S",
    quantity: stockS,
    description: "A hand block printed indigo kurta in mud-resist dabu.",
    offer_price: 40,
    mrp: 60,
    main_image: "/media/products/1001-1.webp",
    sizes: [{ size: "M", offer_price: 45, mrp: 65, quantity: stockM }],
    is_active: true,
    ...(await productTaxFields(app)),
  });
  if (res.statusCode !== 201) throw new Error(`product not created: ${res.body}`);
  return res.json();
}

/** The back office's stock change for one size, as the product form sends it. */
export function setStock(
  app: FastifyInstance,
  admin: Record<string, string>,
  productId: number,
  size: string,
  quantity: number,
) {
  return call(app, admin, "PATCH", `/api/admin/products/${productId}`, { sizes: [{ size, quantity }] });
}
