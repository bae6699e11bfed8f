import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import type { FastifyInstance, InjectOptions } from "fastify";
import type { OrderStatus } from "@store/shared";
import { newShopper, postAuth, tokenHeader, uniqueEmail } from "../accounts/test-support";
import { productVariants, products, taxRules } from "../catalog/tables";
import { orderLines, orders } from "../orders/tables";
import { payments } from "../payments/tables";
import { emailOutbox } from "../../email/tables";
import { createAdmin } from "./admin-users";
import { ADMIN_PREFIX } from "./routes";

export const ADMIN_PASSWORD = "jaipur back office 1";

/** A new administrator (through createAdmin, as the CLI makes one), logged in. */
export async function newAdmin(
  app: FastifyInstance,
): Promise<{ userId: number; email: string; headers: Record<string, string> }> {
  const email = uniqueEmail("admin");
  const { userId } = await createAdmin({ db: app.database.db, email, password: ADMIN_PASSWORD });
  const login = await postAuth(app, "/api/login/", { email, password: ADMIN_PASSWORD });
  if (login.statusCode !== 200) throw new Error(`admin login failed: ${login.body}`);
  return { userId, email, headers: tokenHeader(login.json().token) };
}

/** Headers of a guest (none), a logged-in shopper and an administrator. */
export async function roles(app: FastifyInstance) {
  const shopper = await newShopper(app);
  const admin = await newAdmin(app);
  return { guest: {}, shopper: tokenHeader(shopper.token), admin: admin.headers, adminId: admin.userId };
}

/** An injected request with headers; the body is JSON. */
export function call(
  app: FastifyInstance,
  headers: Record<string, string>,
  method: InjectOptions["method"],
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers,
    ...(payload !== undefined && { payload: payload as InjectOptions["payload"] }),
  });
}

/** A seeded product with stock in size S (for order lines). */
export async function stockedVariant(app: FastifyInstance) {
  const [row] = await app.database.db
    .select({
      productId: products.id,
      name: products.name,
      variantId: productVariants.id,
      size: productVariants.size,
      stock: productVariants.stock,
      cents: productVariants.offerPriceCents,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(products.isActive, true), eq(productVariants.size, "S"), gt(productVariants.stock, 5)))
    .orderBy(asc(productVariants.id))
    .limit(1);
  if (!row) throw new Error("no stocked variant in the seed");
  return row;
}

export interface OrderSeed {
  status?: OrderStatus;
  paymentMethod?: "razorpay" | "paypal" | "cod";
  currency?: "INR" | "USD";
  /** Minor units. */
  total?: number;
  createdAt?: Date;
  deliveryName?: string;
  quantity?: number;
  userId?: number | null;
}

const CONFIRMED: readonly OrderStatus[] = ["paid", "cod_confirmed", "shipped", "delivered"];

/**
 * An order as checkout would leave it, written directly (the admin tests need exact states and dates):
 * one line of a seeded variant, and a captured payment for a paid online order.
 */
export async function insertOrder(app: FastifyInstance, seed: OrderSeed = {}) {
  const db = app.database.db;
  const variant = await stockedVariant(app);
  const method = seed.paymentMethod ?? "razorpay";
  const currency = seed.currency ?? (method === "cod" ? "INR" : "USD");
  const total = seed.total ?? 250_000;
  const quantity = seed.quantity ?? 2;
  const status = seed.status ?? (method === "cod" ? "cod_confirmed" : "paid");
  const [order] = await db
    .insert(orders)
    .values({
      userId: seed.userId ?? null,
      cartId: randomUUID(),
      idempotencyKey: randomUUID(),
      status,
      paymentMethod: method,
      currency,
      rateMilli: 33_600,
      subtotal: total,
      total,
      deliveryName: seed.deliveryName ?? "Asha Meena",
      deliveryAddress: "12 Hawa Mahal Road",
      countryCode: "+91",
      mobileNumber: "+91 98290 41234",
      pinCode: "302002",
      city: "Jaipur",
      state: "Rajasthan",
      email: "asha@example.in",
      // Confirmed orders took their pieces from stock (this seam does not, so cancelling one puts back more).
      stockHeld: CONFIRMED.includes(status),
      // And they are sales from then (decision 059); a cancelled or refunded one written here never was.
      ...(CONFIRMED.includes(status) && { confirmedAt: seed.createdAt ?? new Date(), confirmedTotal: total }),
      ...(seed.createdAt && { createdAt: seed.createdAt }),
    })
    .returning();
  if (!order) throw new Error("order not inserted");
  const unit = Math.floor(total / quantity);
  await db.insert(orderLines).values({
    orderId: order.id,
    productId: variant.productId,
    variantId: variant.variantId,
    productName: variant.name,
    size: "S",
    unitPrice: unit,
    unitMrp: unit,
    quantity,
  });
  if (method !== "cod" && status !== "pending_payment") {
    await db.insert(payments).values({
      orderId: order.id,
      provider: method,
      providerOrderId: `order_${order.id}_${randomUUID()}`,
      providerPaymentId: `pay_${order.id}`,
      status: "captured",
      amount: total,
      currency,
    });
  }
  return { order, variant };
}

export const HOUR = 60 * 60 * 1000;

/** The set-password link's token in the newest e-mail to `to`. */
export async function setPasswordTokenSentTo(app: FastifyInstance, to: string): Promise<string> {
  const mails = await app.database.db
    .select()
    .from(emailOutbox)
    .where(sql`lower(${emailOutbox.to}) = lower(${to})`)
    .orderBy(desc(emailOutbox.id));
  const token = mails.map((m) => /\/set-password\?token=([\w-]+)/.exec(m.text)?.[1]).find(Boolean);
  if (!token) throw new Error(`no set-password link was e-mailed to ${to}`);
  return token;
}

export const STAFF_PASSWORD = "packing table 42";

/** A staff member invited by `owner` through the API, who set a password through the e-mailed link, logged in. */
export async function newStaff(app: FastifyInstance, owner: Record<string, string>) {
  const email = uniqueEmail("staff");
  const invited = await call(app, owner, "POST", "/api/admin/staff", { email, role: "staff" });
  if (invited.statusCode !== 201) throw new Error(`invite failed: ${invited.body}`);
  const token = await setPasswordTokenSentTo(app, email);
  const set = await postAuth(app, "/api/set-password/", { token, password: STAFF_PASSWORD });
  if (set.statusCode !== 200) throw new Error(`set-password failed: ${set.body}`);
  const login = await postAuth(app, "/api/login/", { email, password: STAFF_PASSWORD });
  if (login.statusCode !== 200) throw new Error(`staff login failed: ${login.body}`);
  return { userId: invited.json().id as number, email, headers: tokenHeader(login.json().token) };
}

export type AdminMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/**
 * Every route registered under /api/admin, read from the OpenAPI document (which @fastify/swagger builds
 * from each route as it is registered): its pattern as Fastify writes it (`:id`), and a url with the path
 * parameters filled in with an id that does not exist.
 */
export function adminRoutesOf(app: FastifyInstance): { method: AdminMethod; pattern: string; url: string }[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith(`${ADMIN_PREFIX}/`))
    .flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => ({
        method: method.toUpperCase() as AdminMethod,
        pattern: path.replace(/\{([^}]+)\}/g, ":$1"),
        url: path.replace(/\{[^}]+\}/g, "999999"),
      })),
    );
}

/** The seeded rule for garments (in force since 2017), by name. */
export const APPAREL_RULE = "Apparel and made-up textiles (chapters 61, 62, 63)";

/**
 * The two tax fields a product created through the back office needs (issue 15): a dress's HSN code and the
 * seeded apparel rule, which has a rate in force.
 */
export async function productTaxFields(app: FastifyInstance): Promise<{ hsn_code: string; tax_rule_id: number }> {
  const [rule] = await app.database.db
    .select({ id: taxRules.id })
    .from(taxRules)
    .where(eq(taxRules.name, APPAREL_RULE))
    .orderBy(asc(taxRules.id));
  if (!rule) throw new Error("the seed has no apparel tax rule");
  return { hsn_code: "6204", tax_rule_id: rule.id };
}

/** Books the order's parcel with the courier simulator, then moves it as the back office's demo buttons do. */
export async function courierMoves(
  app: FastifyInstance,
  admin: Record<string, string>,
  orderId: number,
  moves: readonly ("advance" | "fail")[],
): Promise<void> {
  const booked = await call(app, admin, "POST", "/api/admin/shipments", { order_ids: [orderId] });
  if (booked.statusCode !== 200 || !booked.json().results[0].ok) throw new Error(`not booked: ${booked.body}`);
  await moveParcel(app, admin, orderId, moves);
}

/** Moves an order's booked parcel through the simulator's demo buttons. */
export async function moveParcel(
  app: FastifyInstance,
  admin: Record<string, string>,
  orderId: number,
  moves: readonly ("advance" | "fail")[],
): Promise<void> {
  for (const action of moves) {
    const moved = await call(app, admin, "POST", `/api/admin/orders/${orderId}/shipment/simulate`, { action });
    if (moved.statusCode !== 200) throw new Error(`${action}: ${moved.body}`);
  }
}
