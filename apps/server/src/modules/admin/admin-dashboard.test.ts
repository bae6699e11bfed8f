import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { LOW_STOCK_THRESHOLD, type DashboardResponse } from "@store/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productVariants, products } from "../catalog/tables";
import { contactQueries } from "../content/tables";
import { createTestApp } from "../../testing/test-app";
import { istPeriodStarts } from "../../lib/seller-time";
import { HOUR, call, insertOrder, roles, type OrderSeed } from "./test-support";

let app: FastifyInstance;
let admin: Record<string, string>;

beforeAll(async () => {
  app = await createTestApp();
  ({ admin } = await roles(app));
});
afterAll(() => app.close());

describe("GET /api/admin/dashboard", () => {
  it("counts today's and this month's orders and revenue per currency (IST), revenue only from confirmed orders", async () => {
    const now = new Date();
    const { today, month } = istPeriodStarts(now);
    const justNow = new Date(now.getTime() - 60_000);
    const earlyThisMonth = new Date(month.getTime() + 60_000);
    const lastMonth = new Date(month.getTime() - HOUR);
    const seeds: OrderSeed[] = [
      { status: "paid", currency: "USD", total: 10_000, createdAt: justNow },
      { status: "shipped", currency: "USD", total: 5_000, createdAt: justNow },
      { status: "pending_payment", currency: "USD", total: 99_999, createdAt: justNow },
      { status: "cancelled", currency: "USD", total: 77_777, createdAt: justNow },
      { status: "cod_confirmed", paymentMethod: "cod", currency: "INR", total: 129_900, createdAt: justNow },
      { status: "delivered", currency: "INR", total: 50_000, createdAt: earlyThisMonth },
      { status: "refunded", currency: "INR", total: 66_600, createdAt: earlyThisMonth },
      { status: "paid", currency: "INR", total: 1_000_000, createdAt: lastMonth },
    ];
    for (const seed of seeds) await insertOrder(app, seed);

    const res = await call(app, admin, "GET", "/api/admin/dashboard");
    expect(res.statusCode).toBe(200);
    const body: DashboardResponse = res.json();
    // On the first day of a month the early-month orders are also today's.
    const earlyIsToday = earlyThisMonth >= today;
    expect(body.today).toMatchObject({
      from: today.toISOString(),
      orders: 5 + (earlyIsToday ? 2 : 0),
      by_currency: [
        {
          currency: "INR",
          orders: 1 + (earlyIsToday ? 2 : 0),
          revenue_orders: 1 + (earlyIsToday ? 1 : 0),
          revenue_minor: 129_900 + (earlyIsToday ? 50_000 : 0),
        },
        { currency: "USD", orders: 4, revenue_orders: 2, revenue_minor: 15_000 },
      ],
    });
    expect(body.month).toEqual({
      from: month.toISOString(),
      orders: 7,
      by_currency: [
        { currency: "INR", orders: 3, revenue_orders: 2, revenue_minor: 179_900 },
        { currency: "USD", orders: 4, revenue_orders: 2, revenue_minor: 15_000 },
      ],
    });
  });

  it("lists active products' sizes with 3 pieces or fewer, and counts open queries", async () => {
    const [variant] = await app.database.db
      .select({ id: productVariants.id, productId: productVariants.productId })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(eq(products.isActive, true))
      .limit(1);
    await app.database.db
      .update(productVariants)
      .set({ stock: 1 })
      .where(eq(productVariants.id, variant?.id ?? 0));
    await app.database.db.insert(contactQueries).values([
      { name: "A", email: "a@example.in", countryCode: "+91", mobileNumber: "9", query: "q" },
      { name: "B", email: "b@example.in", countryCode: "+91", mobileNumber: "9", query: "q", handledAt: new Date() },
    ]);
    const body: DashboardResponse = (await call(app, admin, "GET", "/api/admin/dashboard")).json();
    expect(body.low_stock).toContainEqual(expect.objectContaining({ product_id: variant?.productId, stock: 1 }));
    expect(body.low_stock.every((v) => v.stock <= LOW_STOCK_THRESHOLD)).toBe(true);
    const stocks = body.low_stock.map((v) => v.stock);
    expect(stocks).toEqual([...stocks].sort((a, b) => a - b));
    const inactive = await app.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.isActive, false));
    expect(body.low_stock.some((v) => inactive.some((p) => p.id === v.product_id))).toBe(false);
    expect(body.open_queries).toBe(1);
  });
});
