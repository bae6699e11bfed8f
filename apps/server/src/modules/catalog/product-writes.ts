import { and, eq, max, sql } from "drizzle-orm";
import {
  ADD_ITEM_DEFAULTS,
  ADD_ITEM_MESSAGES,
  PRODUCT_MEDIA_FIELDS,
  PRODUCT_SIZES,
  type AdminProduct,
  type ProductCreateInput,
  type ProductPatchInput,
  type ProductSize,
  toMinorUnits,
} from "@store/shared";
import { AppError } from "../../errors";
import type { Db, Tx } from "../../db/client";
import { invalidateCatalogCache } from "./cache";
import { categories, productImages, productVariants, products, subcategories } from "./tables";
import { invalidField, notFound } from "../../lib/failures";
import { loadAdminProduct } from "./admin-read";
import { istDayOf } from "../../lib/seller-time";
import { assertTaxClass } from "./tax-defaults";
import { assertRuleInForce } from "./tax-rule-writes";

const ONE_SIZE: ProductSize = "ONE";

const M = ADD_ITEM_MESSAGES;

/** One size to write; `path` is where its fields sit in the request ("" or "sizes.2."), for error messages. */
interface SizeWrite {
  size: ProductSize;
  offer_price?: number;
  mrp?: number;
  quantity?: number;
  offered?: boolean;
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

/**
 * Adds or changes sizes; a field left out keeps its stored value, and a new size needs both prices.
 * Prices arrive in dollars with at most two decimals and are stored as whole cents.
 */
async function writeSizes(tx: Tx, productId: number, rows: readonly SizeWrite[]): Promise<void> {
  if (rows.length === 0) return;
  const stored = new Map(
    (await tx.select().from(productVariants).where(eq(productVariants.productId, productId))).map((v) => [v.size, v]),
  );
  const cents = (amount: number) => Math.round(amount * 100);
  for (const row of rows) {
    const current = stored.get(row.size);
    const offer = row.offer_price !== undefined ? cents(row.offer_price) : current?.offerPriceCents;
    const mrp = row.mrp !== undefined ? cents(row.mrp) : current?.mrpCents;
    if (offer === undefined) throw invalidField(`${row.path}offer_price`, M.offerPrice);
    if (mrp === undefined) throw invalidField(`${row.path}mrp`, M.mrp);
    if (offer > mrp) throw invalidField(`${row.path}offer_price`, M.offerAboveMrp);
    const values = {
      offerPriceCents: offer,
      mrpCents: mrp,
      stock: row.quantity ?? current?.stock ?? ADD_ITEM_DEFAULTS.quantity,
      offered: row.offered ?? current?.offered ?? true,
    };
    await tx
      .insert(productVariants)
      .values({ productId, size: row.size, position: PRODUCT_SIZES.indexOf(row.size), ...values })
      .onConflictDoUpdate({ target: [productVariants.productId, productVariants.size], set: values });
    stored.set(row.size, {
      ...(current ?? { id: 0, productId, size: row.size, position: 0, unitsSold: 0 }),
      ...values,
    });
  }
  // "One size" means the product comes in no other size; a retired size does not count.
  const offered = [...stored.values()].filter((v) => v.offered).map((v) => v.size);
  if (offered.includes(ONE_SIZE) && offered.length > 1) {
    const at = rows.find((r) => r.size === ONE_SIZE) ?? rows[0];
    throw invalidField(`${at?.path ?? ""}size`, "One size cannot be sold beside other sizes; retire the others first");
  }
}

/**
 * Rewrites the image list in the given order. An image given without alt text keeps the one it had, or is
 * named after the product, so the shop's gallery never shows an image that says nothing.
 */
async function writeImages(
  tx: Tx,
  productId: number,
  productName: string,
  images: readonly { url: string; alt?: string }[],
): Promise<void> {
  const stored = await tx
    .select({ url: productImages.url, alt: productImages.alt })
    .from(productImages)
    .where(eq(productImages.productId, productId));
  const altByUrl = new Map(stored.map((i) => [i.url, i.alt]));
  await tx.delete(productImages).where(eq(productImages.productId, productId));
  if (images.length === 0) return;
  await tx.insert(productImages).values(
    images.map(({ url, alt }, position) => ({
      productId,
      url,
      position,
      alt: alt?.trim() || altByUrl.get(url) || `${productName} - image ${position + 1}`,
    })),
  );
}

/** The form's five slots as an image list; empty slots close up, so main_image is always first. */
const slotImages = (slots: readonly (string | null | undefined)[]) =>
  slots.filter((url): url is string => Boolean(url)).map((url) => ({ url }));

const sizeRows = (rows: readonly Omit<SizeWrite, "path">[] | undefined): SizeWrite[] =>
  (rows ?? []).map((row, i) => ({ ...row, path: `sizes.${i}.` }));

/**
 * `POST /api/admin/products` in the caller's transaction: the add-item form, plus optional extra sizes.
 * Answers the new product's id; a taken product code fails on the unique index (the caller maps it).
 */
export async function createProduct(tx: Tx, input: ProductCreateInput): Promise<number> {
  const { subcategoryId, terms } = await placement(tx, input.category, input.subcategory ?? null);
  if (input.tax_rule_id !== undefined) await assertRuleInForce(tx, input.tax_rule_id, istDayOf(new Date()));
  const [row] = await tx
    .insert(products)
    .values({
      productCode: input.product_code,
      name: input.product_name,
      description: input.description,
      categoryId: input.category,
      subcategoryId,
      categoryTerms: terms,
      isActive: input.is_active,
      newArrival: input.new_arrival,
      topSelling: input.top_selling,
      remarks: input.remarks ?? "",
      priceEntryCurrency: input.price_entry_currency,
      colour: input.colour ?? "",
      material: input.material ?? "",
      ...shippingColumns(input),
      ...madeToOrderColumns(input),
      seoTitle: input.seo_title ?? "",
      seoDescription: input.seo_description ?? "",
      hsnCode: input.hsn_code,
      taxRuleId: input.tax_rule_id,
    })
    .returning({ id: products.id });
  if (!row) throw new Error("product insert returned no row");
  await assertTaxClass(tx, row.id);
  await assertWholePackage(tx, row.id);
  await assertNotesOnlyMadeToOrder(tx, row.id);
  const main = { size: input.size, offer_price: input.offer_price, mrp: input.mrp, quantity: input.quantity, path: "" };
  await writeSizes(tx, row.id, [main, ...sizeRows(input.sizes)]);
  await writeImages(tx, row.id, input.product_name, slotImages(PRODUCT_MEDIA_FIELDS.map((field) => input[field])));
  invalidateCatalogCache();
  return row.id;
}

type ShippingInput = {
  shipping_grams?: number;
  package_length_cm?: number | null;
  package_width_cm?: number | null;
  package_height_cm?: number | null;
  handling_inr?: number;
  handling_usd?: number;
};
/** The shipping fields given (decision 080) as columns; the surcharges in paise and cents. */
const shippingColumns = (input: ShippingInput) => ({
  shippingGrams: input.shipping_grams,
  packageLengthCm: input.package_length_cm,
  packageWidthCm: input.package_width_cm,
  packageHeightCm: input.package_height_cm,
  handlingPaise: input.handling_inr === undefined ? undefined : toMinorUnits(input.handling_inr),
  handlingCents: input.handling_usd === undefined ? undefined : toMinorUnits(input.handling_usd),
});

type MadeToOrderInput = {
  made_to_order_days?: number | null;
  made_to_order_prompt?: string;
  made_to_order_notes_required?: boolean;
  made_to_order_returnable?: boolean;
};
/** The made-to-order fields given (decision 099) as columns. */
const madeToOrderColumns = (input: MadeToOrderInput) => ({
  madeToOrderDays: input.made_to_order_days,
  madeToOrderPrompt: input.made_to_order_prompt,
  madeToOrderNotesRequired: input.made_to_order_notes_required,
  madeToOrderReturnable: input.made_to_order_returnable,
});

/** Notes are asked for only on a made-to-order product: a stocked one never asks for them. */
async function assertNotesOnlyMadeToOrder(tx: Tx, id: number): Promise<void> {
  const [row] = await tx
    .select({ days: products.madeToOrderDays, required: products.madeToOrderNotesRequired })
    .from(products)
    .where(eq(products.id, id));
  if (!row?.required || row.days !== null) return;
  throw new AppError(
    "bad_request",
    "Only a made-to-order product can ask for notes: give the days to make it.",
    "VALIDATION_FAILED",
    [{ path: "made_to_order_notes_required", message: "Give the days to make it, or do not ask for notes" }],
  );
}

/** A package is all three sides or none: the courier needs a box, and one side alone is none. */
async function assertWholePackage(tx: Tx, id: number): Promise<void> {
  const [row] = await tx
    .select({ l: products.packageLengthCm, w: products.packageWidthCm, h: products.packageHeightCm })
    .from(products)
    .where(eq(products.id, id));
  const sides = row ? [row.l, row.w, row.h] : [];
  const given = sides.filter((side) => side !== null).length;
  if (given === 0 || given === 3) return;
  const missing = (["package_length_cm", "package_width_cm", "package_height_cm"] as const).filter(
    (_, i) => sides[i] === null,
  );
  throw new AppError(
    "bad_request",
    "Give the package's length, width and height, or none of them.",
    "VALIDATION_FAILED",
    missing.map((path) => ({ path, message: "Give all three sides of the package, or none" })),
  );
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
  // A rule kept as it was is not asked again (its rate may since have been replaced, never removed).
  if (patch.tax_rule_id != null && patch.tax_rule_id !== before.tax_rule_id)
    await assertRuleInForce(tx, patch.tax_rule_id, istDayOf(new Date()));
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
      isActive: patch.is_active,
      newArrival: patch.new_arrival,
      topSelling: patch.top_selling,
      remarks: patch.remarks,
      priceEntryCurrency: patch.price_entry_currency,
      colour: patch.colour,
      material: patch.material,
      ...shippingColumns(patch),
      ...madeToOrderColumns(patch),
      seoTitle: patch.seo_title,
      seoDescription: patch.seo_description,
      hsnCode: patch.hsn_code,
      taxRuleId: patch.tax_rule_id,
      updatedAt: sql`now()`,
    })
    .where(eq(products.id, id));
  await assertWholePackage(tx, id);
  await assertNotesOnlyMadeToOrder(tx, id);
  // A cleared code or rule, or a move to another subcategory, must leave the product something to be invoiced with.
  if (placed || patch.hsn_code !== undefined || patch.tax_rule_id !== undefined) await assertTaxClass(tx, id);

  const pricesGiven = patch.offer_price !== undefined || patch.mrp !== undefined || patch.quantity !== undefined;
  const main =
    patch.size && pricesGiven
      ? [{ size: patch.size, offer_price: patch.offer_price, mrp: patch.mrp, quantity: patch.quantity, path: "" }]
      : [];
  await writeSizes(tx, id, [...sizeRows(patch.sizes), ...main]);

  const name = patch.product_name ?? before.product_name;
  if (patch.images) {
    await writeImages(tx, id, name, patch.images);
  } else if (PRODUCT_MEDIA_FIELDS.some((field) => patch[field] !== undefined)) {
    const slots = PRODUCT_MEDIA_FIELDS.map((field) => (patch[field] !== undefined ? patch[field] : before[field]));
    await writeImages(tx, id, name, slotImages(slots));
  }
  invalidateCatalogCache();
  return before;
}

/** The next free product code: one above the highest in use (codes are numbers, unique in the shop). */
export async function nextProductCode(db: Db | Tx): Promise<number> {
  const [row] = await db.select({ top: max(products.productCode) }).from(products);
  return (row?.top ?? 0) + 1;
}

/**
 * `POST /api/admin/products/:id/duplicate` in the caller's transaction: a new inactive draft with the next
 * free code, the same details, images and sizes (prices kept, stock 0, since the pieces are not there yet).
 * Answers the new product's id.
 */
export async function duplicateProduct(tx: Tx, id: number): Promise<number> {
  const source = await loadAdminProduct(tx, id);
  if (!source) throw notFound("Product");
  // Two duplicates at once must not pick the same code: the advisory lock makes them take turns.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('products.next_code'))`);
  const [row] = await tx
    .insert(products)
    .values({
      productCode: await nextProductCode(tx),
      name: `${source.product_name} (copy)`.slice(0, 200),
      description: source.description,
      categoryId: source.category,
      subcategoryId: source.subcategory,
      categoryTerms: [source.category_name, source.subcategory_name].filter(Boolean).join(" "),
      isActive: false,
      newArrival: source.new_arrival,
      topSelling: source.top_selling,
      remarks: source.remarks,
      priceEntryCurrency: source.price_entry_currency,
      colour: source.colour,
      material: source.material,
      ...shippingColumns(source),
      ...madeToOrderColumns(source),
      seoTitle: source.seo_title,
      seoDescription: source.seo_description,
      hsnCode: source.hsn_code,
      taxRuleId: source.tax_rule_id,
    })
    .returning({ id: products.id });
  if (!row) throw new Error("product insert returned no row");
  if (source.sizes.length > 0) {
    await tx.insert(productVariants).values(
      source.sizes.map((s) => ({
        productId: row.id,
        size: s.size,
        offerPriceCents: Math.round(s.offer_price * 100),
        mrpCents: Math.round(s.mrp * 100),
        stock: 0,
        offered: s.offered,
        position: PRODUCT_SIZES.indexOf(s.size as ProductSize),
      })),
    );
  }
  await writeImages(tx, row.id, source.product_name, source.images);
  // Inactive, so the shop shows nothing new; the cache is marked stale anyway in case a listing counts drafts.
  invalidateCatalogCache();
  return row.id;
}
