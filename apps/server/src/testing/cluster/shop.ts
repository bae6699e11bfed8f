/** What a shopper's browser or the seller's back office sends, over real HTTP, to one origin. */
export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

export interface Caller {
  /** The client's address, passed on by the load balancer (X-Forwarded-For). */
  ip?: string;
  token?: string;
}

export async function call<T = Record<string, unknown>>(
  origin: string,
  method: string,
  path: string,
  body?: unknown,
  who: Caller = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (who.ip) headers["x-forwarded-for"] = who.ip;
  if (who.token) headers.authorization = `Token ${who.token}`;
  const response = await fetch(`${origin}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON (a 502 from the balancer): kept as text.
  }
  return { status: response.status, body: parsed as T };
}

export const DELIVERY = {
  name: "Cluster Shopper",
  delivery_address: "1 Johari Bazaar",
  country_code: "+91",
  mobile_number: "+91 98290 00000",
  pin_code: "302003",
  city: "Jaipur",
  state: "Rajasthan",
  comment: "",
};

interface CartAnswer {
  cart_id: string;
}
interface OrderAnswer {
  data: { data: { id: string }; key: string; order_id: number };
}

/** One card checkout of one piece, each step on the origin `via` picks: the steps a browser takes. */
export async function buyOne(
  via: () => string,
  product: { id: number; size: string; offer_price: number; mrp: number },
  who: Caller & { email: string },
): Promise<{ step: string; status: number; orderId?: number; body?: unknown }> {
  const cart = await call<CartAnswer>(
    via(),
    "POST",
    "/api/cart-items/",
    {
      product_pk: product.id,
      size: product.size,
      quantity: 1,
      offer_price: product.offer_price,
      mrp: product.mrp,
      is_direct_buy: false,
      cart_id: null,
      currency: "INR",
    },
    who,
  );
  if (cart.status !== 200) return { step: "cart", status: cart.status, body: cart.body };
  const amount = Math.round(product.offer_price * 100);
  const order = await call<OrderAnswer>(
    via(),
    "POST",
    "/api/create-order/",
    {
      amount,
      currency: "INR",
      promo_code: "Nil",
      cart_id: cart.body.cart_id,
      razorpay: true,
      ...DELIVERY,
      email: who.email,
    },
    who,
  );
  if (order.status !== 200) return { step: "order", status: order.status, body: order.body };
  const orderId = order.body.data.order_id;
  const paid = await call<Record<string, string>>(
    via(),
    "POST",
    "/sim/razorpay/checkout/pay",
    { key_id: order.body.data.key, order_id: order.body.data.data.id },
    who,
  );
  if (paid.status !== 200) return { step: "pay", status: paid.status, orderId, body: paid.body };
  // A browser whose answer was lost tries again (verify-payment is idempotent); a different replica may take it.
  const verify = () =>
    call(
      via(),
      "POST",
      "/api/verify-payment/",
      { amount, razorpay: true, cart_id: cart.body.cart_id, ...paid.body },
      who,
    ).catch(() => ({ status: 0, body: {} }));
  let verified = await verify();
  for (let retry = 0; retry < 3 && (verified.status === 0 || verified.status >= 500); retry++)
    verified = await verify();
  return { step: "verify", status: verified.status, orderId, body: verified.body };
}
