import { eq, sql } from "drizzle-orm";
import {
  INR_PER_USD,
  toMinorUnits,
  type CreateOrderRequest,
  type Currency,
  type PaymentMethod,
  type ShippingMethodCode,
} from "@store/shared";
import type { Tx } from "../../db/client";
import { shopperTimeZone } from "../geo/time-zones";
import { OPEN_STATUSES } from "./holds";
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
}

/**
 * Writes the order for a checkout attempt, or finds it: the same attempt (two tabs, a retry) has the same
 * idempotency key and gets the same order, whose delivery details are refreshed while it is open.
 */
export async function saveOrder(
  tx: Tx,
  quote: PricedOrder,
  input: CreateOrderRequest,
  user: SessionUser | null,
  fresh: NewOrder,
): Promise<{ order: OrderRow; created: boolean }> {
  const email = input.email ?? user?.email ?? null;
  const [created] = await tx
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
      ...deliveryOf(input),
    })
    .onConflictDoNothing({ target: orders.idempotencyKey })
    .returning();
  if (created) {
    // Its lines and its first event in one statement: a round trip fewer on every new order.
    const insertLines = tx.insert(orderLines).values(
      quote.lines.map((l) => ({
        orderId: created.id,
        productId: l.productId,
        variantId: l.variantId || null,
        productName: l.name,
        size: l.size,
        sizeName: l.sizeName ?? "",
        unitPrice: toMinorUnits(l.unitPrice),
        unitMrp: toMinorUnits(l.unitMrp),
        quantity: l.quantity,
        notes: l.notes ?? "",
        leadDays: l.leadDays ?? null,
        returnable: l.returnable ?? true,
      })),
    );
    const insertEvent = tx
      .insert(orderEvents)
      .values({ orderId: created.id, toStatus: fresh.status, note: "Order created" });
    await tx.execute(sql`with lines as (${insertLines.getSQL()}) ${insertEvent.getSQL()}`);
    return { order: created, created: true };
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
