import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import {
  createListeningTestApp,
  createOrder,
  fillCart,
  orderBody,
  pageTotal,
  storedOrder,
} from "../checkout/test-support";
import { readShippingFees } from "../settings/service";
import { sellerSettings } from "../settings/tables";
import { auditLog } from "./tables";
import { call, newAdmin, newStaff } from "./test-support";

let app: FastifyInstance;
let owner: Record<string, string>;
let staff: Record<string, string>;
let kurta: PickedVariant;

beforeAll(async () => {
  app = await createListeningTestApp();
  owner = (await newAdmin(app)).headers;
  staff = (await newStaff(app, owner)).headers;
  [kurta] = (await pickVariants(app, { minStock: 10, count: 1 })) as [PickedVariant];
});
afterAll(() => app.close());

const PATH = "/api/admin/settings/shipping-fees";
const fees = (INR: unknown, USD: unknown = 3) => ({ "india-express": { INR, USD } });
const putFees = (body: unknown, headers = owner) => call(app, headers, "PUT", PATH, body);
const fieldErrors = (body: { errors?: { path: string; message: string }[] }) =>
  Object.fromEntries((body.errors ?? []).map((e) => [e.path.replace(/^body\./, ""), e.message]));

describe("GET/PUT /api/admin/settings/shipping-fees", () => {
  it("starts from the migration's seed, today's fees: ₹99 and $3 for India express", async () => {
    const read = await call(app, owner, "GET", PATH);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual(fees(99, 3));
    const [row] = await app.database.db.select().from(sellerSettings);
    expect(row?.shippingFees).toEqual(fees(9900, 300));
  });

  it("saves the fees in minor units, answers them to the back office and the shop, and audits the change", async () => {
    const res = await putFees(fees(149, 5));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(fees(149, 5));
    expect((await call(app, owner, "GET", PATH)).json()).toEqual(fees(149, 5));
    const shop = await app.inject({ method: "GET", url: "/api/shipping-fees/" });
    expect(shop.statusCode).toBe(200);
    expect(shop.json()).toEqual(fees(149, 5));
    const [row] = await app.database.db.select().from(sellerSettings);
    expect(row?.shippingFees).toEqual(fees(14900, 500));

    const [audit] = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "seller_settings"), eq(auditLog.entityId, "1")))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.changes).toEqual({ shipping_fees: { before: fees(99, 3), after: fees(149, 5) } });
  });

  it.each([
    ["a negative fee", fees(-1), "india-express.INR", "The fee cannot be negative"],
    ["paise", fees(99.5), "india-express.INR", "Enter the fee in whole rupees, without decimals"],
    ["a fee typed in paise", fees(9900), "india-express.INR", /at most ₹5,000 \(enter rupees, not paise\)/],
    ["a fee typed in cents", fees(99, 300), "india-express.USD", /at most \$100 \(enter US dollars, not cents\)/],
    ["no fee", fees(undefined), "india-express.INR", "Enter the fee in whole rupees (0 for free)"],
    ["words", fees(99, "three"), "india-express.USD", "Enter the fee in whole US dollars (0 for free)"],
  ])("refuses %s with a 400 naming the field, and keeps the fees", async (_what, body, field, message) => {
    const before = await readShippingFees(app.database.db);
    const res = await putFees(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldErrors(res.json())[field]).toMatch(message);
    expect(await readShippingFees(app.database.db)).toEqual(before);
  });

  it("takes 0, a free express delivery", async () => {
    const res = await putFees(fees(0, 0));
    expect(res.statusCode, res.body).toBe(200);
    expect(await readShippingFees(app.database.db)).toEqual(fees(0, 0));
  });

  it("is the owner's: staff get 403 on reading and saving", async () => {
    expect((await call(app, staff, "GET", PATH)).statusCode).toBe(403);
    expect((await putFees(fees(1), staff)).statusCode).toBe(403);
  });
});

describe("an order by India express after the seller changes its fee", () => {
  it("is priced with the new fee: the amount quoted before is refused, and the new one opens a new attempt", async () => {
    expect((await putFees(fees(120, 4))).statusCode).toBe(200);
    const lines = [{ variant: kurta }];
    const cartId = await fillCart(app, lines, "INR");
    const extra = { email: "express.fee@example.in", shipping_method: "india-express" };
    const quoted = (pageTotal(lines, "INR") + 120) * 100;
    const first = await createOrder(app, orderBody(cartId, "razorpay", "INR", quoted, extra));
    expect(first.statusCode, first.body).toBe(200);

    expect((await putFees(fees(180, 4))).statusCode).toBe(200);
    const again = await createOrder(app, orderBody(cartId, "razorpay", "INR", quoted, extra));
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().code).toBe("AMOUNT_MISMATCH");

    const repriced = (pageTotal(lines, "INR") + 180) * 100;
    const second = await createOrder(app, orderBody(cartId, "razorpay", "INR", repriced, extra));
    expect(second.statusCode, second.body).toBe(200);
    const orderId = second.json().data.order_id as number;
    expect(orderId).not.toBe(first.json().data.order_id);
    const { order } = await storedOrder(app, orderId);
    expect(order).toMatchObject({ shippingMethod: "india-express", shipping: 180 * 100, total: repriced });
  });
});
