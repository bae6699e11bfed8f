import { eq } from "drizzle-orm";
import { INR_PER_USD, isCashOnDeliveryAllowed, MESSAGES, toMinorUnits, type CreateOrderRequest, type Currency } from "@store/shared";
import type { Db } from "../../db/client";
import type { Tx } from "../cart/cart-access";
import { cartForReading } from "../cart/cart-access";
import { lockCart } from "../cart/checkout-lines";
import { carts } from "../cart/tables";
import { invalidateCatalogCache } from "../catalog/cache";
import type { PaymentGateway } from "../payments/gateway";
import type { ServiceLog } from "../payments/log";
import { ProviderError, type PaymentProvider } from "../payments/provider";
import { payments } from "../payments/tables";
import { fulfilOrder } from "./fulfil";
import { amountRefusal, quoteCart, type Quote } from "./quote";
import { refusable, refusal, RefusedError, type Refusal } from "./refusal";
import { orderEvents, orderLines, orders } from "./tables";
import type { OrderRow } from "./transitions";

/** Who checks out: a signed-in shopper (their account e-mail gets the confirmation) or a guest. */
export type Shopper = { id: number; email: string } | null;

export type CreateOrderOutcome =
  | { ok: true; method: "razorpay" | "paypal"; order: OrderRow; providerOrderId: string; publicKey: string }
  | { ok: true; method: "cod"; order: OrderRow }
  | { ok: false; refusal: Refusal };

const RATE_MILLI = Math.round(INR_PER_USD * 1000);

function deliveryOf(input: CreateOrderRequest) {
  return {
    deliveryName: input.name, deliveryAddress: input.delivery_address, countryCode: input.country_code, mobileNumber: input.mobile_number,
    pinCode: input.pin_code, city: input.city, state: input.state, comment: input.comment,
  };
}

/**
 * Writes the order for a checkout attempt, or finds it: the same attempt (two tabs, a retry) has the same
 * idempotency key and gets the same order, whose delivery details are refreshed while it is unpaid.
 */
async function saveOrder(tx: Tx, quote: Quote, input: CreateOrderRequest, shopper: Shopper, isTest: boolean): Promise<OrderRow> {
  const email = input.email ?? shopper?.email ?? null;
  const [created] = await tx
    .insert(orders)
    .values({
      userId: shopper?.id ?? null, cartId: quote.cartId, idempotencyKey: quote.idempotencyKey, paymentMethod: quote.method,
      currency: quote.currency, rateMilli: RATE_MILLI, subtotal: toMinorUnits(quote.subtotal), discount: toMinorUnits(quote.discount),
      shipping: toMinorUnits(quote.shipping), rounding: toMinorUnits(quote.rounding), total: toMinorUnits(quote.total),
      promoCode: quote.promoCode, email, isTest, ...deliveryOf(input),
    })
    .onConflictDoNothing({ target: orders.idempotencyKey })
    .returning();
  if (created) {
    await tx.insert(orderLines).values(quote.lines.map((l) => ({
      orderId: created.id, productId: l.productId, variantId: l.variantId || null, productName: l.name, size: l.size,
      unitPrice: toMinorUnits(l.unitPrice), unitMrp: toMinorUnits(l.unitMrp), quantity: l.quantity,
    })));
    await tx.insert(orderEvents).values({ orderId: created.id, toStatus: "pending_payment", note: "Order created" });
    return created;
  }
  const [existing] = await tx.select().from(orders).where(eq(orders.idempotencyKey, quote.idempotencyKey)).for("update");
  if (!existing) throw new Error("an order with this idempotency key vanished");
  if (existing.status !== "pending_payment") return existing;
  const [refreshed] = await tx.update(orders).set({ ...deliveryOf(input), ...(email && { email }) }).where(eq(orders.id, existing.id)).returning();
  return refreshed ?? existing;
}

export function createCheckoutService(db: Db, deps: { gateway: PaymentGateway; log: ServiceLog }) {
  /**
   * The provider's order for ours, created once. Never inside a transaction: no lock is held across the
   * network. Two tabs racing here may each create one at the provider; the first stored wins and the
   * other stays unused (an unpaid provider order costs nothing and expires).
   */
  async function providerOrderFor(order: OrderRow, provider: PaymentProvider): Promise<{ ok: true; id: string } | { ok: false; refusal: Refusal }> {
    const stored = async () => (await db.select().from(payments).where(eq(payments.orderId, order.id)))[0];
    const known = await stored();
    if (known) return { ok: true, id: known.providerOrderId };
    let created: { id: string; raw: unknown };
    try {
      created = await provider.createOrder({ orderId: order.id, amount: order.total, currency: order.currency as Currency, requestId: order.idempotencyKey });
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      deps.log.error({ err, body: err.body, orderId: order.id }, `${provider.name} refused to create an order`);
      return { ok: false, refusal: refusal("unavailable", "PROVIDER_ERROR", MESSAGES.orderCreationFailed) };
    }
    await db
      .insert(payments)
      .values({ orderId: order.id, provider: provider.name, providerOrderId: created.id, amount: order.total, currency: order.currency, raw: created.raw })
      .onConflictDoNothing();
    const row = await stored();
    if (!row) throw new Error(`no payment row for order ${order.id}`);
    return { ok: true, id: row.providerOrderId };
  }

  /** Cash on delivery: priced, checked and confirmed under the cart's lock, in one transaction. */
  async function confirmCashOnDelivery(cartId: string, input: CreateOrderRequest, shopper: Shopper): Promise<CreateOrderOutcome> {
    const outcome = await refusable(() => db.transaction(async (tx) => {
      await lockCart(tx, cartId);
      const [cart] = await tx.select().from(carts).where(eq(carts.id, cartId));
      if (!cart) throw new RefusedError(refusal("unprocessable", "CART_EMPTY", "Your cart is empty."));
      const quoted = await quoteCart(tx, cart, { currency: input.currency, method: "cod", promoCode: input.promo_code }, new Date());
      if (!quoted.ok) throw new RefusedError(quoted.refusal);
      const mismatch = amountRefusal(quoted.quote, input.amount);
      if (mismatch) throw new RefusedError(mismatch);
      const order = await saveOrder(tx, quoted.quote, input, shopper, false);
      const fulfilled = await fulfilOrder(tx, order, "cod_confirmed", "Cash on delivery");
      if (!fulfilled.ok) throw new RefusedError(fulfilled.refusal);
      return { ok: true as const, method: "cod" as const, order: { ...order, status: "cod_confirmed" as const } };
    }));
    // Stock was taken: product pages show it (after the commit, so no reader caches the old count).
    if (outcome.ok) invalidateCatalogCache();
    return outcome;
  }

  return {
    /** `POST /api/create-order/` (spec section 7). */
    async createOrder(input: CreateOrderRequest, shopper: Shopper): Promise<CreateOrderOutcome> {
      const method = input.payment_method;
      if (method === "cod" && !isCashOnDeliveryAllowed(input.currency)) {
        return { ok: false, refusal: refusal("unprocessable", "COD_NOT_AVAILABLE", "Cash on delivery is available for orders in INR only.") };
      }
      const provider = method === "cod" ? null : deps.gateway.provider(method);
      if (method !== "cod" && !provider) return { ok: false, refusal: refusal("unavailable", "PAYMENT_NOT_CONFIGURED", "Online payment is not configured.") };

      // The cart's access rules: a guest cart by its id, a shopper's cart only with their token.
      const cart = await cartForReading(db, input.cart_id, shopper);
      if (!cart) return { ok: false, refusal: refusal("unprocessable", "CART_EMPTY", "Your cart is empty.") };
      if (!provider) return confirmCashOnDelivery(cart.id, input, shopper);

      const quoted = await quoteCart(db, cart, { currency: input.currency, method, promoCode: input.promo_code }, new Date());
      if (!quoted.ok) return quoted;
      const mismatch = amountRefusal(quoted.quote, input.amount);
      if (mismatch) return { ok: false, refusal: mismatch };

      const order = await db.transaction((tx) => saveOrder(tx, quoted.quote, input, shopper, provider.simulated));
      if (order.status !== "pending_payment") {
        const message = order.status === "cancelled" ? "This order was cancelled. Please review your cart." : "This order has already been paid.";
        return { ok: false, refusal: refusal("conflict", "ORDER_CLOSED", message) };
      }
      const providerOrder = await providerOrderFor(order, provider);
      if (!providerOrder.ok) return providerOrder;
      return { ok: true, method, order, providerOrderId: providerOrder.id, publicKey: provider.publicKey };
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
