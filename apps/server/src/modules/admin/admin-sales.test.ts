import { and, eq, ne } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { CATEGORIES, type SalesReportResponse } from "@store/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "../catalog/tables";
import { orderLines } from "../orders/tables";
import { createTestApp } from "../../testing/test-app";
import { istDayEnd, istDayOf, istDayStart } from "../../lib/seller-time";
import { call, insertOrder, roles } from "./test-support";

let app: FastifyInstance;
let roleHeaders: Awaited<ReturnType<typeof roles>>;
let seeded: Awaited<ReturnType<typeof insertOrder>>["variant"];
let other: { id: number; name: string; categoryId: number };
let seededCategory: number;

/** Sold and nothing taken back: the net is the sale. */
const sold = (minor: number) => ({ sold_minor: minor, taken_back_minor: 0, revenue_minor: minor });

const report = async (query: string): Promise<SalesReportResponse> => {
  const res = await call(app, roleHeaders.admin, "GET", `/api/admin/sales?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/**
 * March 2021 (IST), long before the other tests' orders: on the 1st at 00:00 IST, a USD card order of the
 * seeded size (2 pieces, $10.00) plus a line of another category's product (1 piece, $4.00); on the 2nd, an INR
 * COD order (2 pieces, ₹1,500). Around them: one a millisecond before the 1st, one at the end of the 2nd, and
 * orders that are no sale (unpaid, awaiting confirmation, expired, cancelled, refunded).
 */
beforeAll(async () => {
  app = await createTestApp();
  roleHeaders = await roles(app);
  const first = istDayStart("2021-03-01");
  const usd = await insertOrder(app, { status: "paid", currency: "USD", total: 1_400, createdAt: first });
  seeded = usd.variant;
  const db = app.database.db;
  const [mine] = await db.select().from(products).where(eq(products.id, seeded.productId));
  seededCategory = mine!.categoryId;
  const [found] = await db
    .select({ id: products.id, name: products.name, categoryId: products.categoryId })
    .from(products)
    .where(and(eq(products.isActive, true), ne(products.categoryId, seededCategory)))
    .limit(1);
  if (!found) throw new Error("the seed has one category only");
  other = found;
  await db.insert(orderLines).values({
    orderId: usd.order.id,
    productId: other.id,
    productName: other.name,
    size: "M",
    unitPrice: 400,
    unitMrp: 400,
    quantity: 1,
  });
  await insertOrder(app, {
    status: "delivered",
    paymentMethod: "cod",
    currency: "INR",
    total: 150_000,
    createdAt: new Date(istDayEnd("2021-03-02").getTime() - 1),
  });
  const noSale = ["pending_payment", "awaiting_confirmation", "expired", "cancelled", "refunded"] as const;
  for (const status of noSale) await insertOrder(app, { status, currency: "USD", total: 9_000, createdAt: first });
  await insertOrder(app, { status: "paid", currency: "USD", total: 8_000, createdAt: new Date(first.getTime() - 1) });
  await insertOrder(app, { status: "paid", currency: "USD", total: 7_000, createdAt: istDayEnd("2021-03-02") });
});
afterAll(() => app.close());

describe("GET /api/admin/sales", () => {
  it("groups counted orders by IST day and currency; edges of the period and non-sales left out", async () => {
    const body = await report("from=2021-03-01&to=2021-03-02&group=day");
    expect(body.data).toEqual([
      { key: "2021-03-01", label: "2021-03-01", currency: "USD", orders: 1, pieces: 3, ...sold(1_400) },
      { key: "2021-03-02", label: "2021-03-02", currency: "INR", orders: 1, pieces: 2, ...sold(150_000) },
    ]);
    expect(body.totals).toEqual([
      { currency: "INR", orders: 1, pieces: 2, ...sold(150_000) },
      { currency: "USD", orders: 1, pieces: 3, ...sold(1_400) },
    ]);
    expect((await report("from=2021-02-28&to=2021-02-28")).data).toEqual([
      expect.objectContaining({ key: "2021-02-28", currency: "USD", orders: 1, revenue_minor: 8_000 }),
    ]);
  });

  it("groups by product and by category, item prices times pieces per currency", async () => {
    const byProduct = await report("from=2021-03-01&to=2021-03-02&group=product");
    expect(byProduct.data).toEqual([
      {
        key: String(seeded.productId),
        label: seeded.name,
        currency: "INR",
        orders: 1,
        pieces: 2,
        ...sold(150_000),
      },
      {
        key: String(seeded.productId),
        label: seeded.name,
        currency: "USD",
        orders: 1,
        pieces: 2,
        ...sold(1_400),
      },
      { key: String(other.id), label: other.name, currency: "USD", orders: 1, pieces: 1, ...sold(400) },
    ]);
    const byCategory = await report("from=2021-03-01&to=2021-03-01&group=category");
    const name = (id: number) => CATEGORIES.find((c) => c.id === id)?.name;
    expect(byCategory.data.map((r) => [r.label, r.currency, r.pieces, r.revenue_minor]).sort()).toEqual(
      [
        [name(other.categoryId), "USD", 1, 400],
        [name(seededCategory), "USD", 2, 1_400],
      ].sort(),
    );
  });

  it("takes back cancelled pieces and cancellations on the day they happen, keeping a fee as sold", async () => {
    // Confirmed on 1 April 2021 (3 pieces); two cancelled today, then the rest: April keeps its sale, today nets it.
    const april = istDayStart("2021-04-01");
    const { order } = await insertOrder(app, {
      status: "paid",
      currency: "USD",
      total: 900,
      quantity: 3,
      createdAt: april,
    });
    const [line] = await app.database.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const today = istDayOf(new Date());
    const todayUsd = async () =>
      (await report(`from=${today}&to=${today}&group=day`)).data.find((r) => r.currency === "USD") ?? {
        ...sold(0),
        pieces: 0,
      };
    const before = await todayUsd();
    const part = await call(app, roleHeaders.admin, "POST", `/api/admin/orders/${order.id}/cancel-lines`, {
      lines: [{ line_id: line!.id, quantity: 2 }],
    });
    expect(part.statusCode, part.body).toBe(200);
    const whole = await call(app, roleHeaders.admin, "POST", `/api/admin/orders/${order.id}/status`, {
      status: "cancelled",
    });
    expect(whole.statusCode, whole.body).toBe(200);

    expect((await report("from=2021-04-01&to=2021-04-01&group=day")).data).toEqual([
      expect.objectContaining({ currency: "USD", orders: 1, pieces: 3, ...sold(900) }),
    ]);
    const after = await todayUsd();
    expect(after.taken_back_minor - before.taken_back_minor).toBe(900);
    expect(after.revenue_minor - before.revenue_minor).toBe(-900);
    expect(after.pieces - before.pieces).toBe(-3);

    // Shipped and cancelled in transit: the 10% fee stays a sale, the rest is taken back.
    const shipped = await insertOrder(app, { status: "shipped", currency: "USD", total: 2_000, createdAt: april });
    const beforeShipped = await todayUsd();
    const cancelled = await call(app, roleHeaders.admin, "POST", `/api/admin/orders/${shipped.order.id}/status`, {
      status: "cancelled",
    });
    expect(cancelled.json()).toMatchObject({ refund: { rule: "in_transit_fee", fee_minor: 200 } });
    expect((await todayUsd()).taken_back_minor - beforeShipped.taken_back_minor).toBe(1_800);
  });

  it("answers the same report as CSV, amounts in major units", async () => {
    const res = await call(
      app,
      roleHeaders.admin,
      "GET",
      "/api/admin/sales.csv?from=2021-03-01&to=2021-03-02&group=day",
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="sales-by-day-2021-03-01-to-2021-03-02.csv"');
    expect(res.body).toBe(
      "\uFEFFday,currency,orders,pieces,sold,taken_back,net\r\n2021-03-01,USD,1,3,14.00,0.00,14.00\r\n2021-03-02,INR,1,2,1500.00,0.00,1500.00\r\n",
    );
    const products = await call(
      app,
      roleHeaders.admin,
      "GET",
      "/api/admin/sales.csv?from=2021-03-01&to=2021-03-01&group=product",
    );
    expect(products.body.split("\r\n")[0]).toBe(
      "\uFEFFproduct_id,product_name,currency,orders,pieces,sold,taken_back,net",
    );
  });

  it("refuses bad periods and groups with a 400 and a message", async () => {
    const cases: [string, string, string][] = [
      ["from=2021-03-02&to=2021-03-01", "to", "The end date is before the start date"],
      ["from=2021-02-30&to=2021-03-01", "from", "This is not a calendar date"],
      ["from=2021-03-01&to=2021-03-02&group=week", "group", "Group by day, product or category"],
      ["from=2020-01-01&to=2022-12-31", "to", "A report covers at most 731 days; choose a shorter period"],
      ["to=2021-03-01", "from", "Use a date like 2026-03-31"],
    ];
    for (const [query, path, message] of cases) {
      for (const url of [`/api/admin/sales?${query}`, `/api/admin/sales.csv?${query}`]) {
        const res = await call(app, roleHeaders.admin, "GET", url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().errors, url).toContainEqual({ path: `querystring.${path}`, message });
      }
    }
  });

  it("is the administrator's only", async () => {
    expect(
      (await call(app, roleHeaders.guest, "GET", "/api/admin/sales?from=2021-03-01&to=2021-03-01")).statusCode,
    ).toBe(401);
    expect(
      (await call(app, roleHeaders.shopper, "GET", "/api/admin/sales.csv?from=2021-03-01&to=2021-03-01")).statusCode,
    ).toBe(403);
  });
});
