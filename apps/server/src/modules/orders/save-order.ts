import { and, eq, getTableColumns, inArray, ne, sql, type WithSubquery } from "drizzle-orm";
import {
  BANK_TRANSFER_METHOD,
  INR_PER_USD,
  toMinorUnits,
  type CreateOrderRequest,
  type Currency,
  type PaymentMethod,
  type ShippingMethodCode,
} from "@store/shared";
import type { Tx } from "../../db/client";
import { shopperTimeZone } from "../geo/time-zones";
import { takeStockCtes } from "../catalog/inventory";
import { countPromoUseCte } from "../promo/usage";
import { clientOpenAttempts } from "./caps";
import { OPEN_STATUSES, type TakenAtOnce } from "./holds";
import { orderEvents, orderLines, orders } from "./tables";
import type { OrderRow } from "./transitions";
import type { SessionUser } from "../accounts/service";

export interface PricedLine {
  productId: number;
  variantId: number;
  name: string;
  size: string;
  /** The size's name shoppers read when it was sold (kept on the order line). */
  sizeName?: string;
  quantity: number;
  /** Major units of the order's currency. */
  unitPrice: number;
  unitMrp: number;
  isDirectBuy: boolean;
  /** Made to order (decision 099): the shopper's notes, the days to make it (null: stocked), returnable. */
  notes?: string;
  leadDays?: number | null;
  returnable?: boolean;
}

/** An order as checkout priced it, in major units of `currency`; `idempotencyKey` names the checkout attempt. */
export interface PricedOrder {
  cartId: string;
  currency: Currency;
  method: PaymentMethod;
  shippingMethod: ShippingMethodCode;
  lines: PricedLine[];
  subtotal: number;
  discount: number;
  promoCode: string | null;
  shipping: number;
  rounding: number;
  /** Import duties and taxes collected with the order (delivered duty paid, decision 081); else 0. */
  duties: number;
  total: number;
  idempotencyKey: string;
  /** The quote whose locked prices the cart carried (decision 101); absent for an ordinary cart. */
  quoteId?: number | null;
}

const RATE_MILLI = Math.round(INR_PER_USD * 1000);

/** Where the request came from: open attempts are capped per client. */
export interface Client {
  ip: string;
}

function deliveryOf(input: CreateOrderRequest) {
  return {
    deliveryName: input.name,
    deliveryAddress: input.delivery_address,
    countryCode: input.country_code,
    mobileNumber: input.mobile_number,
    pinCode: input.pin_code,
    city: input.city,
    state: input.state,
    deliveryCountry: input.delivery_country,
    timeZone: shopperTimeZone({ country: input.delivery_country, state: input.state, browserZone: input.time_zone }),
    comment: input.comment,
    whatsappOptIn: input.whatsapp_opt_in,
    buyerGstin: input.buyer_gstin,
    buyerLegalName: input.buyer_gstin === null ? null : input.buyer_legal_name,
  };
}

export interface NewOrder {
  status: "pending_payment" | "awaiting_confirmation";
  isTest: boolean;
  /** Store credit the checkout spends on it (minor units; decision 088), written with it in the same transaction. */
  storeCredit: number;
  /** The payment method it is paid by: the quote's, or "store_credit" when the credit pays it all. */
  paymentMethod: string;
  /** Cash on delivery's advance paid online (decision 093), minor units; 0 or absent for none. */
  codAdvance?: number;
  client: Client;
  expiresAt: Date;
  /**
   * A new order holds its pieces and promo use at once (a card, wallet or bank-transfer order): its statement
   * takes them, unless the cart has older open attempts, whose holds must go back first (decision 107).
   */
  holdAtOnce?: boolean;
}

/** What the statement that wrote a new order learnt and did besides (decision 107). */
export interface Written {
  /** The client's other open attempts, as the cap counts them (`clientOpenAttempts`). */
  clientOpen: number;
  /** The cart has older open attempts for `closeOtherAttempts` to close. */
  othersOpen: boolean;
  /** Its holds, taken by the statement (the order's `stockHeld` says so); null: none taken. */
  taken: TakenAtOnce | null;
}

/**
 * Writes the order for a checkout attempt, or finds it: the same attempt (two tabs, a retry) has the same
 * idempotency key and gets the same order, whose delivery details are refreshed while it is open.
 * A new order is written with its lines and first event in one statement (data-modifying CTEs), which also
 * counts the client's open attempts, looks for the cart's older ones and, with `holdAtOnce` and none older,
 * takes its pieces and promo use: one round trip where there were six (decision 107). A conflicting key writes
 * nothing, so neither do the CTEs, each gated on the new row.
 */
export async function saveOrder(
  tx: Tx,
  quote: PricedOrder,
  input: CreateOrderRequest,
  user: SessionUser | null,
  fresh: NewOrder,
): Promise<{ order: OrderRow; created: true; written: Written } | { order: OrderRow; created: false }> {
  const email = input.email ?? user?.email ?? null;
  const othersOpen = sql`exists (select 1 from ${orders} where ${and(
    eq(orders.cartId, quote.cartId),
    inArray(orders.status, OPEN_STATUSES),
    ne(orders.paymentMethod, BANK_TRANSFER_METHOD),
    ne(orders.idempotencyKey, quote.idempotencyKey),
  )})`;
  const holds = fresh.holdAtOnce ? sql<boolean>`not ${othersOpen}` : false;
  const created = tx.$with("created").as(
    tx
      .insert(orders)
      .values({
        userId: user?.id ?? null,
        cartId: quote.cartId,
        idempotencyKey: quote.idempotencyKey,
        paymentMethod: fresh.paymentMethod,
        currency: quote.currency,
        rateMilli: RATE_MILLI,
        subtotal: toMinorUnits(quote.subtotal),
        discount: toMinorUnits(quote.discount),
        shipping: toMinorUnits(quote.shipping),
        shippingMethod: quote.shippingMethod,
        rounding: toMinorUnits(quote.rounding),
        duties: toMinorUnits(quote.duties),
        total: toMinorUnits(quote.total),
        storeCredit: fresh.storeCredit,
        codAdvance: fresh.codAdvance ?? 0,
        quoteId: quote.quoteId ?? null,
        promoCode: quote.promoCode,
        email,
        isTest: fresh.isTest,
        status: fresh.status,
        expiresAt: fresh.expiresAt,
        clientIp: fresh.client.ip,
        stockHeld: holds,
        promoHeld: quote.promoCode ? holds : false,
        ...deliveryOf(input),
      })
      .onConflictDoNothing({ target: orders.idempotencyKey })
      .returning(),
  );
  const lines = JSON.stringify(
    quote.lines.map((l, n) => ({
      n,
      product_id: l.productId,
      variant_id: l.variantId || null,
      product_name: l.name,
      size: l.size,
      size_name: l.sizeName ?? "",
      unit_price: toMinorUnits(l.unitPrice),
      unit_mrp: toMinorUnits(l.unitMrp),
      quantity: l.quantity,
      notes: l.notes ?? "",
      lead_days: l.leadDays ?? null,
      returnable: l.returnable ?? true,
    })),
  );
  const ctes: WithSubquery[] = [
    created,
    tx.$with("lines", {}).as(sql`
      insert into ${orderLines} (order_id, product_id, variant_id, product_name, size, size_name, unit_price,
        unit_mrp, quantity, notes, lead_days, returnable)
      select created.id, l.product_id, l.variant_id, l.product_name, l.size, l.size_name, l.unit_price,
        l.unit_mrp, l.quantity, l.notes, l.lead_days, l.returnable
      from created, jsonb_to_recordset(${lines}::jsonb) as l(n int, product_id int, variant_id int,
        product_name text, size text, size_name text, unit_price int, unit_mrp int, quantity int, notes text,
        lead_days int, returnable boolean)
      order by l.n`),
    tx.$with("event", {}).as(sql`
      insert into ${orderEvents} (order_id, to_status, note) select id, status, 'Order created' from created`),
  ];
  const holdsTaken = sql`exists (select 1 from created where stock_held)`;
  if (fresh.holdAtOnce) {
    for (const [name, body] of Object.entries(takeStockCtes(quote.lines, holdsTaken)))
      ctes.push(tx.$with(name, {}).as(body));
    if (quote.promoCode) ctes.push(tx.$with("promo_counted", {}).as(countPromoUseCte(quote.promoCode, holdsTaken)));
  }
  // The new row's columns, read through the CTE so that they are mapped as the table's own.
  const row = created as unknown as Record<string, unknown>;
  const [inserted] = await tx
    .with(...ctes)
    .select({
      order: Object.fromEntries(Object.keys(getTableColumns(orders)).map((key) => [key, row[key]])) as never,
      clientOpen: clientOpenAttempts(fresh.client.ip, quote.cartId, new Date()).mapWith(Number),
      othersOpen: sql<boolean>`${othersOpen}`.mapWith(Boolean),
      taken: fresh.holdAtOnce ? sql<string | null>`(select string_agg(id::text, ',') from stock_taken)` : sql`null`,
      promoCounted:
        fresh.holdAtOnce && quote.promoCode
          ? sql<boolean>`exists (select 1 from promo_counted)`.mapWith(Boolean)
          : sql<boolean>`false`.mapWith(Boolean),
    })
    .from(created);
  if (inserted) {
    const order = inserted.order as OrderRow;
    const taken = order.stockHeld
      ? {
          variantIds: inserted.taken ? String(inserted.taken).split(",").map(Number) : [],
          promoCounted: inserted.promoCounted,
        }
      : null;
    return {
      order,
      created: true,
      written: { clientOpen: inserted.clientOpen, othersOpen: inserted.othersOpen, taken },
    };
  }
  const [existing] = await tx
    .select()
    .from(orders)
    .where(eq(orders.idempotencyKey, quote.idempotencyKey))
    .for("update");
  if (!existing) throw new Error("an order with this idempotency key vanished");
  if (!(OPEN_STATUSES as readonly string[]).includes(existing.status)) return { order: existing, created: false };
  const [refreshed] = await tx
    .update(orders)
    .set({ ...deliveryOf(input), ...(email && { email }) })
    .where(eq(orders.id, existing.id))
    .returning();
  return { order: refreshed ?? existing, created: false };
}
