import { asc, eq, sql } from "drizzle-orm";
import {
  toMajorUnits,
  toMinorUnits,
  type Currency,
  type GiftCardProduct,
  type GiftCardProductInput,
} from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { notFound } from "../../lib/failures";
import { giftCardProducts, type GiftCardProductRow } from "./tables";

/** A product as the API shows it, amounts in major units. */
export function productView(row: GiftCardProductRow): GiftCardProduct {
  const major = (minor: number | null) => (minor === null ? null : toMajorUnits(minor));
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    currency: row.currency as Currency,
    fixed_amounts: row.fixedAmounts.map(toMajorUnits),
    min_amount: major(row.minAmount),
    max_amount: major(row.maxAmount),
    active: row.active,
  };
}

const columnsOf = (input: GiftCardProductInput) => ({
  name: input.name,
  description: input.description,
  currency: input.currency,
  fixedAmounts: [...input.fixed_amounts].sort((a, b) => a - b).map(toMinorUnits),
  minAmount: input.min_amount === null ? null : toMinorUnits(input.min_amount),
  maxAmount: input.max_amount === null ? null : toMinorUnits(input.max_amount),
  active: input.active,
});

/** Every product (the back office), or only those on sale (the storefront), in the order they were made. */
export async function listProducts(db: Db, onlyActive: boolean): Promise<GiftCardProduct[]> {
  const rows = await db
    .select()
    .from(giftCardProducts)
    .where(onlyActive ? eq(giftCardProducts.active, true) : undefined)
    .orderBy(asc(giftCardProducts.id));
  return rows.map(productView);
}

export async function productRow(db: Db | Tx, id: number): Promise<GiftCardProductRow | undefined> {
  const [row] = await db.select().from(giftCardProducts).where(eq(giftCardProducts.id, id));
  return row;
}

export async function createProduct(tx: Tx, input: GiftCardProductInput): Promise<GiftCardProductRow> {
  const [row] = await tx.insert(giftCardProducts).values(columnsOf(input)).returning();
  return row!;
}

/** Changes a product; cards already bought keep their amount and currency (stored on the card). */
export async function updateProduct(
  tx: Tx,
  id: number,
  input: GiftCardProductInput,
): Promise<{ before: GiftCardProductRow; after: GiftCardProductRow }> {
  const before = await productRow(tx, id);
  if (!before) throw notFound("Gift card");
  const [after] = await tx
    .update(giftCardProducts)
    .set({ ...columnsOf(input), updatedAt: sql`now()` })
    .where(eq(giftCardProducts.id, id))
    .returning();
  return { before, after: after! };
}

/**
 * Whether `amountMinor` is one the product sells: one of its fixed amounts, or a whole rupee or dollar amount
 * within its range.
 */
export function sellsAmount(product: GiftCardProductRow, amountMinor: number): boolean {
  if (product.fixedAmounts.includes(amountMinor)) return true;
  if (product.minAmount === null || product.maxAmount === null || amountMinor % 100 !== 0) return false;
  return amountMinor >= product.minAmount && amountMinor <= product.maxAmount;
}
