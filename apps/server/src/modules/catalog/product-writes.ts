import { and, eq, sql } from "drizzle-orm";
import {
  ADD_ITEM_DEFAULTS,
  ADD_ITEM_MESSAGES,
  PRODUCT_MEDIA_FIELDS,
  PRODUCT_SIZES,
  type AdminProduct,
  type ProductCreateInput,
  type ProductPatchInput,
  type ProductSize,
} from "@store/shared";
import type { Tx } from "../../db/client";
import { invalidateCatalogCache } from "./cache";
import { categories, productImages, productVariants, products, subcategories } from "./tables";
import { invalidField, notFound } from "../../lib/failures";
import { dollars, loadAdminProduct } from "./admin-read";

const M = ADD_ITEM_MESSAGES;

/** One size to write; `path` is where its fields sit in the request ("" or "sizes.2."), for error messages. */
interface SizeWrite {
  size: ProductSize;
  offer_price?: number;
  mrp?: number;
  quantity?: number;
  path: string;
}

/**
 * The category (and subcategory) as stored, and the names the search document ranks. The schema already
 * checked them against the shop's tables; this is the database's word, so a mismatch is a 400, never a 500.
 * With `dropForeign`, a kept subcategory that is not under a newly chosen category is cleared.
 */
async function placement(tx: Tx, categoryId: number, subcategoryId: number | null, dropForeign = false) {
  const [category] = await tx.select({ name: categories.name }).from(categories).where(eq(categories.id, categoryId));
  if (!category) throw invalidField("category", M.category);
  if (subcategoryId === null) return { subcategoryId, terms: category.name };
  const [sub] = await tx
    .select({ name: subcategories.name })
    .from(subcategories)
    .where(and(eq(subcategories.id, subcategoryId), eq(subcategories.categoryId, categoryId)));
  if (sub) return { subcategoryId, terms: `${category.name} ${sub.name}` };
  if (dropForeign) return { subcategoryId: null, terms: category.name };
  throw invalidField("subcategory", M.subcategoryMismatch);
}

/** Adds or changes sizes; a field left out keeps its stored value, and a new size needs both prices. */
async function writeSizes(tx: Tx, productId: number, rows: readonly SizeWrite[]): Promise<void> {
  if (rows.length === 0) return;
  const stored = new Map(
    (await tx.select().from(productVariants).where(eq(productVariants.productId, productId))).map((v) => [v.size, v]),
  );
  for (const row of rows) {
    const current = stored.get(row.size);
    const offer = row.offer_price ?? (current && dollars(current.offerPriceCents));
    const mrp = row.mrp ?? (current && dollars(current.mrpCents));
    if (offer === undefined) throw invalidField(`${row.path}offer_price`, M.offerPrice);
    if (mrp === undefined) throw invalidField(`${row.path}mrp`, M.mrp);
    if (offer > mrp) throw invalidField(`${row.path}offer_price`, M.offerAboveMrp);
    const values = {
      offerPriceCents: Math.round(offer * 100),
      mrpCents: Math.round(mrp * 100),
      stock: row.quantity ?? current?.stock ?? ADD_ITEM_DEFAULTS.quantity,
    };
    await tx
      .insert(productVariants)
      .values({ productId, size: row.size, position: PRODUCT_SIZES.indexOf(row.size), ...values })
      .onConflictDoUpdate({ target: [productVariants.productId, productVariants.size], set: values });
  }
}

/** Rewrites the image list from the form's five slots; empty slots close up, so main_image is always first. */
async function writeImages(
  tx: Tx,
  productId: number,
  productName: string,
  slots: readonly (string | null | undefined)[],
): Promise<void> {
  const stored = await tx
    .select({ url: productImages.url, alt: productImages.alt })
    .from(productImages)
    .where(eq(productImages.productId, productId));
  // A picture that stays keeps its description; new ones are named after the product.
  const altByUrl = new Map(stored.map((i) => [i.url, i.alt]));
  const urls = slots.filter((url): url is string => Boolean(url));
  await tx.delete(productImages).where(eq(productImages.productId, productId));
  if (urls.length === 0) return;
  await tx.insert(productImages).values(
    urls.map((url, position) => ({
      productId,
      url,
      position,
      alt: altByUrl.get(url) ?? `${productName} - image ${position + 1}`,
    })),
  );
}

const sizeRows = (rows: readonly Omit<SizeWrite, "path">[] | undefined): SizeWrite[] =>
  (rows ?? []).map((row, i) => ({ ...row, path: `sizes.${i}.` }));

/**
 * `POST /api/admin/products` in the caller's transaction: the add-item form, plus optional extra sizes.
 * Answers the new product's id; a taken product code fails on the unique index (the caller maps it).
 */
export async function createProduct(tx: Tx, input: ProductCreateInput): Promise<number> {
  const { subcategoryId, terms } = await placement(tx, input.category, input.subcategory ?? null);
  const [row] = await tx
    .insert(products)
    .values({
      productCode: input.product_code,
      name: input.product_name,
      description: input.description,
      categoryId: input.category,
      subcategoryId,
      categoryTerms: terms,
      rating: input.rating ?? 0,
      isActive: input.is_active,
      newArrival: input.new_arrival,
      topSelling: input.top_selling,
      remarks: input.remarks ?? "",
    })
    .returning({ id: products.id });
  if (!row) throw new Error("product insert returned no row");
  const main = { size: input.size, offer_price: input.offer_price, mrp: input.mrp, quantity: input.quantity, path: "" };
  await writeSizes(tx, row.id, [main, ...sizeRows(input.sizes)]);
  await writeImages(
    tx,
    row.id,
    input.product_name,
    PRODUCT_MEDIA_FIELDS.map((field) => input[field]),
  );
  invalidateCatalogCache();
  return row.id;
}

/**
 * `PATCH /api/admin/products/:id` in the caller's transaction: any subset of the fields; sizes are added or
 * changed, never dropped. Answers the product as it was before.
 */
export async function updateProduct(tx: Tx, id: number, patch: ProductPatchInput): Promise<AdminProduct> {
  // The row lock makes two editors of one product take turns, so neither audit row lies.
  const [locked] = await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).for("update");
  const before = locked && (await loadAdminProduct(tx, id));
  if (!before) throw notFound("Product");

  const placed =
    patch.category !== undefined || patch.subcategory !== undefined
      ? await placement(
          tx,
          patch.category ?? before.category,
          patch.subcategory !== undefined ? patch.subcategory : before.subcategory,
          patch.subcategory === undefined,
        )
      : undefined;
  await tx
    .update(products)
    .set({
      name: patch.product_name,
      productCode: patch.product_code,
      description: patch.description,
      ...(placed && {
        categoryId: patch.category ?? before.category,
        subcategoryId: placed.subcategoryId,
        categoryTerms: placed.terms,
      }),
      ...(patch.rating !== undefined && { rating: patch.rating ?? 0 }),
      isActive: patch.is_active,
      newArrival: patch.new_arrival,
      topSelling: patch.top_selling,
      remarks: patch.remarks,
      updatedAt: sql`now()`,
    })
    .where(eq(products.id, id));

  const pricesGiven = patch.offer_price !== undefined || patch.mrp !== undefined || patch.quantity !== undefined;
  const main =
    patch.size && pricesGiven
      ? [{ size: patch.size, offer_price: patch.offer_price, mrp: patch.mrp, quantity: patch.quantity, path: "" }]
      : [];
  await writeSizes(tx, id, [...sizeRows(patch.sizes), ...main]);

  if (PRODUCT_MEDIA_FIELDS.some((field) => patch[field] !== undefined)) {
    const slots = PRODUCT_MEDIA_FIELDS.map((field) => (patch[field] !== undefined ? patch[field] : before[field]));
    await writeImages(tx, id, patch.product_name ?? before.product_name, slots);
  }
  invalidateCatalogCache();
  return before;
}
