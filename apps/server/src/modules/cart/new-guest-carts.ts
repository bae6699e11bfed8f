import { sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import type { Currency } from "@store/shared";
import { batchWhileBusy } from "../../db/batch-while-busy";
import type { Db } from "../../db/client";
import { preparedSql } from "../../db/prepared";
import { sellableVariantQuery, type LineInput, type VariantRow } from "./sellable";
import { cartLines, carts } from "./tables";

/** The most first adds one statement takes: enough for a burst, small enough that one never waits long. */
const MAX_BATCH = 100;

export type NewGuestCartLine = LineInput & { quantity: number; currency: Currency };
/** The size as read (undefined: no such product), and the new cart with its line when the statement wrote them. */
export interface NewGuestCart {
  variant: VariantRow | undefined;
  written: { cartId: string; lineId: number } | null;
}

const placeholder = (name: string) => sql.placeholder(name);

/** The size as sold, as PostgreSQL names its columns (all null where no product has the id), and what was written. */
type WrittenRow = {
  name: string | null;
  is_active: boolean | null;
  image: string | null;
  offer_price_cents: number | null;
  mrp_cents: number | null;
  stock: number | null;
  made_to_order_days: number | null;
  made_to_order_notes_required: boolean | null;
  made_to_order_prompt: string | null;
  cart_id: string;
  line_id: number | null;
};

/**
 * Guests' first adds to cart (no cart yet), as many as are waiting, in one statement: a data-modifying CTE
 * reads each size as sold and, only where the product is on sale and has the pieces, writes a new cart with
 * its line. Each cart's id is chosen here (a random uuid, as the table's default would be), so every answer
 * finds its own row. The price the shopper saw is checked after, in code (the money rules live in one
 * place); a stale one removes its cart again (`discardCart`). Calls made while a statement runs go together
 * in the next (batchWhileBusy): PGlite is one session and runs one statement at a time anyway.
 */
export function newGuestCarts(db: Db): (line: NewGuestCartLine) => Promise<NewGuestCart> {
  const one = oneGuestStatement(db);
  const many = manyGuestsStatement(db);
  return batchWhileBusy(async (lines: NewGuestCartLine[]) => {
    const cartIds = lines.map(() => randomUUID());
    // A lone add keeps a statement of its own: the database keeps one plan for it, where the batch's plan
    // depends on how many it holds and is made again at each run (decision 056 has the cost).
    const rows = lines.length === 1 ? await one(lines[0]!, cartIds[0]!) : await many(lines, cartIds);
    const byCart = new Map(rows.map((row) => [row.cart_id, row]));
    return cartIds.map((cartId): NewGuestCart => {
      const row = byCart.get(cartId);
      // No product of that id: nothing was read (or, in a batch, every column the lateral join brings is null).
      if (!row || row.name === null) return { variant: undefined, written: null };
      const variant: VariantRow = {
        name: row.name,
        isActive: row.is_active === true,
        image: row.image,
        offerCents: row.offer_price_cents,
        mrpCents: row.mrp_cents,
        stock: row.stock,
        madeToOrderDays: row.made_to_order_days,
        notesRequired: row.made_to_order_notes_required === true,
        prompt: row.made_to_order_prompt ?? "",
      };
      return { variant, written: row.line_id === null ? null : { cartId, lineId: Number(row.line_id) } };
    });
  }, MAX_BATCH);
}

/** One guest's first add: the size as sold by the `productId` and `size` placeholders, then the writes. */
function oneGuestStatement(db: Db) {
  const run = preparedSql<WrittenRow>(
    db,
    "cart_add_to_new_guest_cart",
    sql`with variant as (${sellableVariantQuery(db).getSQL()}),
    cart as (
      insert into ${carts} (id, currency) select ${placeholder("cartId")}, ${placeholder("currency")} from variant
      where variant.is_active and variant.stock >= ${placeholder("quantity")}
      returning id
    ),
    line as (
      insert into ${cartLines} (cart_id, product_id, size, is_direct_buy, quantity)
      select cart.id, ${placeholder("productId")}, ${placeholder("size")}, ${placeholder("isDirectBuy")},
        ${placeholder("quantity")} from cart
      returning id
    )
    select variant.*, ${placeholder("cartId")}::uuid as cart_id, line.id as line_id from variant left join line on true`,
  );
  return (line: NewGuestCartLine, cartId: string) =>
    run({
      cartId,
      currency: line.currency,
      productId: line.product_pk,
      size: line.size,
      isDirectBuy: line.is_direct_buy,
      quantity: line.quantity,
    });
}

/** Several guests' first adds: the requests as rows (`unnest`), each size as sold by a lateral join. */
function manyGuestsStatement(db: Db) {
  const sold = sellableVariantQuery(db, sql`req.product_id`, sql`req.size`).getSQL();
  const run = preparedSql<WrittenRow>(
    db,
    "cart_add_to_new_guest_carts",
    sql`with req as (
      select * from unnest(${placeholder("cartIds")}::uuid[], ${placeholder("productIds")}::int[],
        ${placeholder("sizes")}::text[], ${placeholder("directBuys")}::bool[], ${placeholder("quantities")}::int[],
        ${placeholder("currencies")}::text[]) as r(cart_id, product_id, size, is_direct_buy, quantity, currency)
    ),
    variant as (select req.*, sold.* from req left join lateral (${sold}) sold on true),
    cart as (
      insert into ${carts} (id, currency) select cart_id, currency from variant
      where is_active and stock >= quantity
      returning id
    ),
    line as (
      insert into ${cartLines} (cart_id, product_id, size, is_direct_buy, quantity)
      select variant.cart_id, variant.product_id, variant.size, variant.is_direct_buy, variant.quantity
      from variant join cart on cart.id = variant.cart_id
      returning id, cart_id
    )
    select variant.*, line.id as line_id from variant left join line on line.cart_id = variant.cart_id`,
  );
  return (lines: NewGuestCartLine[], cartIds: string[]) =>
    run({
      cartIds,
      productIds: lines.map((line) => line.product_pk),
      sizes: lines.map((line) => line.size),
      directBuys: lines.map((line) => line.is_direct_buy),
      quantities: lines.map((line) => line.quantity),
      currencies: lines.map((line) => line.currency),
    });
}
