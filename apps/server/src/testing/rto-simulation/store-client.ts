import { and, asc, desc, eq, gte, inArray } from "drizzle-orm";
import type { FastifyInstance, InjectOptions } from "fastify";
import { COD_SHIPPING_FEE_INR, istDay, priceIn, type DeliveryOutcomeTotals, type NdrLinkView } from "@store/shared";
import { emailOutbox } from "../../email/tables";
import { createAdmin } from "../../modules/admin/admin-users";
import { productVariants, products } from "../../modules/catalog/tables";

/**
 * The simulation's side of the store: every step a shopper, the seller or the courier takes, through the
 * store's HTTP API in process (app.inject). The only reads past the API are the e-mail outbox (the shopper's
 * inbox: codes and links, as the e-mail simulator keeps them) and the catalogue's prices and stock at setup.
 */

export interface SimProduct {
  productId: number;
  size: string;
  offerCents: number;
  mrpCents: number;
}

/** What a shopper types at checkout, and what they buy. */
export interface ShopperAtCheckout {
  email: string;
  name: string;
  phone: string;
  street: string;
  pin: string;
  product: SimProduct;
}

export interface PinPlace {
  city: string;
  state: string;
}

const PASSWORD = "rto simulation seller 1";
/** Stock enough that a simulation never sells out (the bench's and the test's own database only). */
const STOCK = 1_000_000;

export class StoreClient {
  private readonly places = new Map<string, PinPlace>();
  private constructor(
    readonly app: FastifyInstance,
    private readonly owner: Record<string, string>,
    readonly products: SimProduct[],
  ) {}

  /** Signs an owner in and picks `productCount` products (one size each), stocked for the run. */
  static async open(app: FastifyInstance, productCount: number): Promise<StoreClient> {
    const email = `rto-sim-owner-${Date.now()}@example.in`;
    await createAdmin({ db: app.database.db, email, password: PASSWORD });
    const login = await app.inject({ method: "POST", url: "/api/login/", payload: { email, password: PASSWORD } });
    if (login.statusCode !== 200) throw new Error(`owner login failed: ${login.body}`);
    const owner = { authorization: `Token ${login.json<{ token: string }>().token}` };
    return new StoreClient(app, owner, await stockedProducts(app, productCount));
  }

  private async send<T>(options: InjectOptions, ok = [200]): Promise<{ status: number; body: T }> {
    const res = await this.app.inject(options);
    if (!ok.includes(res.statusCode))
      throw new Error(`${options.method ?? "GET"} ${String(options.url)} answered ${res.statusCode}: ${res.body}`);
    return { status: res.statusCode, body: (res.body ? res.json() : null) as T };
  }

  /** As the seller, signed in (owner). */
  asSeller<T>(method: InjectOptions["method"], url: string, payload?: object, ok = [200]) {
    return this.send<T>({ method, url, headers: this.owner, ...(payload && { payload }) }, ok);
  }

  /** The store's directory answer for a PIN code (checkout asks the city to match it). */
  async place(pin: string): Promise<PinPlace> {
    const known = this.places.get(pin);
    if (known) return known;
    const { body } = await this.send<PinPlace>({ method: "GET", url: `/api/pincodes/${pin}` });
    this.places.set(pin, body);
    return body;
  }

  /** A new guest cart holding one piece of `product`, priced in rupees as its page shows it: answers its id. */
  async addToCart(product: SimProduct): Promise<string> {
    const cart = await this.send<{ cart_id: string }>({
      method: "POST",
      url: "/api/cart-items/",
      payload: {
        product_pk: product.productId,
        size: product.size,
        quantity: 1,
        offer_price: priceIn("INR", product.offerCents),
        mrp: priceIn("INR", product.mrpCents),
        is_direct_buy: false,
        cart_id: null,
        currency: "INR",
      },
    });
    return cart.body.cart_id;
  }

  /** The spec's create-order body for an Indian shopper; `payment` says how they pay. */
  async orderBody(shopper: ShopperAtCheckout, cartId: string, payment: Record<string, unknown>) {
    const place = await this.place(shopper.pin);
    return {
      currency: "INR",
      promo_code: "Nil",
      cart_id: cartId,
      name: shopper.name,
      delivery_address: shopper.street,
      country_code: "+91",
      mobile_number: shopper.phone,
      pin_code: shopper.pin,
      city: place.city,
      state: place.state,
      comment: "",
      email: shopper.email,
      ...payment,
    };
  }

  /** A guest's cash-on-delivery checkout, confirmed with the code e-mailed to them: answers the order id. */
  async placeCodOrder(shopper: ShopperAtCheckout, cartId?: string): Promise<number> {
    const cart = cartId ?? (await this.addToCart(shopper.product));
    const body = await this.orderBody(shopper, cart, {
      amount: priceIn("INR", shopper.product.offerCents) + COD_SHIPPING_FEE_INR,
      payment_method: "cod",
      cod_code_channel: "email",
    });
    const created = await this.send<{ order_id: number }>({ method: "POST", url: "/api/create-order/", payload: body });
    const orderId = created.body.order_id;
    const code = await this.codeSentTo(shopper.email);
    await this.send({ method: "POST", url: "/api/confirm-cod-order/", payload: { order_id: orderId, code } });
    return orderId;
  }

  /** The payment simulator's "Pay now" for a provider order (Razorpay's widget, as a shopper's browser calls it). */
  async payInSimulator(providerOrderId: string, keyId: string): Promise<Record<string, string>> {
    const { body } = await this.send<Record<string, string>>({
      method: "POST",
      url: "/sim/razorpay/checkout/pay",
      payload: { key_id: keyId, order_id: providerOrderId },
    });
    return body;
  }

  /**
   * A checkout whose payment goes through the card provider (Razorpay's simulator): a card order (`cod: false`)
   * or cash on delivery with an advance (decision 093), its advance paid online. Answers the order id.
   */
  async placePaidOrder(shopper: ShopperAtCheckout, cartId: string, cod: boolean): Promise<number> {
    const price = priceIn("INR", shopper.product.offerCents);
    const body = await this.orderBody(
      shopper,
      cartId,
      cod
        ? { amount: price + COD_SHIPPING_FEE_INR, payment_method: "cod", cod_code_channel: "email" }
        : { amount: price * 100, razorpay: true },
    );
    const created = await this.send<{ data: { data: { id: string; amount: number }; key: string; order_id: number } }>({
      method: "POST",
      url: "/api/create-order/",
      payload: body,
    });
    const { data } = created.body;
    const paid = await this.payInSimulator(data.data.id, data.key);
    await this.send({
      method: "POST",
      url: "/api/verify-payment/",
      payload: { amount: data.data.amount, razorpay: true, cart_id: cartId, ...paid },
    });
    return data.order_id;
  }

  /** The checkout's question before the shopper chooses how to pay (decision 093). */
  async codOffer(shopper: ShopperAtCheckout, cartId: string): Promise<{ cod: "allowed" | "advance" | "refused" }> {
    const query = new URLSearchParams({
      cart_id: cartId,
      pin_code: shopper.pin,
      email: shopper.email,
      mobile_number: shopper.phone,
    });
    return (
      await this.send<{ cod: "allowed" | "advance" | "refused" }>({ method: "GET", url: `/api/cod-offer/?${query}` })
    ).body;
  }

  /** Turns the COD rules' history defaults (093) and the pay-now nudge (094) on or off, as the owner does. */
  async setRtoFeatures(enabled: boolean): Promise<void> {
    const history = await this.asSeller<{ settings: Record<string, unknown> }>("GET", "/api/admin/cod-history");
    await this.asSeller("PUT", "/api/admin/cod-history", { ...history.body.settings, enabled });
    const payNow = await this.asSeller<Record<string, unknown>>("GET", "/api/admin/pay-now/settings");
    await this.asSeller("PUT", "/api/admin/pay-now/settings", { ...payNow.body, enabled });
  }

  /** Runs the pay-now job for one order (the simulator's clock route), then finds the link in the shopper's inbox. */
  async payNowLink(email: string, orderId: number): Promise<string | null> {
    await this.asSeller("POST", "/sim/jobs/pay-now", { order_id: orderId });
    return this.fromInbox(email, new RegExp(`/pay-now/${orderId}\\?token=([\\w-]+)`));
  }

  /** The shopper pays through the pay-now link: the provider's order, the simulator's "Pay now", the proof. */
  async payThroughLink(orderId: number, token: string): Promise<void> {
    const started = await this.send<{ provider_order_id: string; key: string }>({
      method: "POST",
      url: `/api/pay-now/${orderId}/pay?token=${token}`,
      payload: { payment_method: "razorpay" },
    });
    const paid = await this.payInSimulator(started.body.provider_order_id, started.body.key);
    await this.send({
      method: "POST",
      url: "/api/pay-now/verify-payment",
      payload: {
        payment_method: "razorpay",
        order_id: paid.razorpay_order_id,
        payment_id: paid.razorpay_payment_id,
        signature: paid.razorpay_signature,
      },
    });
  }

  /** The orders the pay-now nudges converted to prepaid, as the owner's figures give them (yesterday to tomorrow). */
  async nudgesConverted(): Promise<number> {
    const now = new Date();
    const { body } = await this.asSeller<{ converted: number }>(
      "GET",
      `/api/admin/pay-now/stats?from=${istDay(now, -1)}&to=${istDay(now, 1)}`,
    );
    return body.converted;
  }

  /** The newest e-mail to `to` whose text matches `pattern`: its first group. */
  async fromInbox(to: string, pattern: RegExp): Promise<string | null> {
    const mails = await this.app.database.db
      .select({ text: emailOutbox.text })
      .from(emailOutbox)
      .where(eq(emailOutbox.to, to))
      .orderBy(desc(emailOutbox.id));
    for (const mail of mails) {
      const found = pattern.exec(mail.text)?.[1];
      if (found) return found;
    }
    return null;
  }

  private async codeSentTo(email: string): Promise<string> {
    const code = await this.fromInbox(email, /is: (\d{6})$/m);
    if (!code) throw new Error(`no confirmation code was e-mailed to ${email}`);
    return code;
  }

  /** Books the orders' parcels with the courier, 50 at a time as the back office does: answers each AWB. */
  async book(orderIds: number[]): Promise<Map<number, string>> {
    const awbs = new Map<number, string>();
    for (let i = 0; i < orderIds.length; i += 50) {
      const { body } = await this.asSeller<{
        results: { order_id: number; ok: boolean; awb: string | null; message: string | null }[];
      }>("POST", "/api/admin/shipments", { order_ids: orderIds.slice(i, i + 50) });
      for (const r of body.results) {
        if (!r.ok || !r.awb) throw new Error(`order ${r.order_id} not booked: ${r.message}`);
        awbs.set(r.order_id, r.awb);
      }
    }
    return awbs;
  }

  /** The courier simulator's control: move the parcel a step, fail its delivery with an NDR reason, or deliver it. */
  async courier(awb: string, action: "advance" | "fail" | "deliver", reason?: string): Promise<string> {
    const { body } = await this.asSeller<{ status: string }>("POST", `/sim/shiprocket/control/shipments/${awb}`, {
      action,
      ...(reason && { reason }),
    });
    return body.status;
  }

  /** Advances a booked parcel until it is out for delivery. */
  async outForDelivery(awb: string): Promise<void> {
    for (let step = 0; step < 6; step += 1) if ((await this.courier(awb, "advance")) === "OUT FOR DELIVERY") return;
    throw new Error(`parcel ${awb} never went out for delivery`);
  }

  /** Brings a parcel whose delivery failed back to the seller (RTO initiated, then RTO delivered). */
  async backToSeller(awb: string): Promise<void> {
    for (let step = 0; step < 3; step += 1) if ((await this.courier(awb, "advance")) === "RTO DELIVERED") return;
    throw new Error(`parcel ${awb} never came back`);
  }

  /** The failed-delivery link e-mailed to the shopper, as `{ id, token }`. */
  async ndrLink(email: string): Promise<{ id: number; token: string } | null> {
    const link = await this.fromInbox(email, /\/delivery\/(\d+\?token=[\w-]+)/);
    if (!link) return null;
    const [id, token] = link.split("?token=");
    return { id: Number(id), token: token! };
  }

  /** The shopper's page of a failed delivery (the days offered). */
  async ndrPage(link: { id: number; token: string }): Promise<NdrLinkView> {
    return (await this.send<NdrLinkView>({ method: "GET", url: `/api/deliveries/${link.id}?token=${link.token}` }))
      .body;
  }

  /** The shopper's answer to a failed delivery. */
  async answerNdr(link: { id: number; token: string }, answer: object): Promise<void> {
    await this.send({ method: "POST", url: `/api/deliveries/${link.id}/answer?token=${link.token}`, payload: answer });
  }

  /** The seller's one click in the failed-deliveries queue. */
  async actOnNdr(id: number, action: "reattempt" | "return"): Promise<void> {
    await this.asSeller("POST", `/api/admin/failed-deliveries/${id}/${action}`);
  }

  /** The seller's click asking a flagged order's shopper to confirm the address: false when the store did not flag it. */
  async sendAddressCheck(orderId: number): Promise<boolean> {
    const { status } = await this.asSeller("POST", `/api/admin/orders/${orderId}/address-check`, undefined, [200, 409]);
    return status === 200;
  }

  /** The shopper's correction through the address-check link e-mailed to them. */
  async answerAddressCheck(email: string, answer: object): Promise<void> {
    const link = await this.fromInbox(email, /\/address-check\/(\d+\?token=[\w-]+)/);
    if (!link) throw new Error(`no address check was e-mailed to ${email}`);
    const [id, token] = link.split("?token=");
    await this.send({ method: "POST", url: `/api/address-checks/${id}/answer?token=${token}`, payload: answer });
  }

  /**
   * The store's delivery outcomes report (decision 091) as the owner reads it, from yesterday to tomorrow in India
   * (a run that crosses midnight stays inside; the caller subtracts two readings).
   */
  async outcomes(): Promise<DeliveryOutcomeTotals> {
    const now = new Date();
    const { body } = await this.asSeller<{ totals: DeliveryOutcomeTotals }>(
      "GET",
      `/api/admin/delivery-outcomes?from=${istDay(now, -1)}&to=${istDay(now, 1)}`,
    );
    return body.totals;
  }
}

/** The first active products with stock, one size each, their stock raised so the run never sells out. */
async function stockedProducts(app: FastifyInstance, count: number): Promise<SimProduct[]> {
  const db = app.database.db;
  const rows = await db
    .select({
      productId: products.id,
      size: productVariants.size,
      offerCents: productVariants.offerPriceCents,
      mrpCents: productVariants.mrpCents,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(products.isActive, true), gte(productVariants.stock, 1)))
    .orderBy(asc(products.id), asc(productVariants.position));
  const seen = new Set<number>();
  const picked = rows.filter((r) => !seen.has(r.productId) && seen.add(r.productId)).slice(0, count);
  if (picked.length < count) throw new Error("the catalogue has too few products: seed it first");
  for (const p of picked)
    await db
      .update(productVariants)
      .set({ stock: STOCK })
      .where(and(eq(productVariants.productId, p.productId), inArray(productVariants.size, [p.size])));
  return picked;
}
