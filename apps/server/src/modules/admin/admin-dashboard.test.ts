import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import {
  LOW_STOCK_THRESHOLD,
  SALES_CHART_DAYS,
  TOP_PRODUCTS_DAYS,
  TOP_PRODUCTS_LIMIT,
  type DashboardResponse,
} from "@store/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productVariants, products } from "../catalog/tables";
import { contactQueries } from "../content/tables";
import { orders } from "../orders/tables";
import { createTestApp } from "../../testing/test-app";
import { addDays, istDayEnd, istDayOf, istDayStart, istPeriodStarts } from "../../lib/seller-time";
import { HOUR, call, insertOrder, roles, type OrderSeed } from "./test-support";

let app: FastifyInstance;
let admin: Record<string, string>;

beforeAll(async () => {
  app = await createTestApp();
  ({ admin } = await roles(app));
});
afterAll(() => app.close());

describe("GET /api/admin/dashboard", () => {
  it("counts today's and this month's placed orders and revenue per currency (IST), revenue only from confirmed orders", async () => {
    const now = new Date();
    const { today, month } = istPeriodStarts(now);
    const justNow = new Date(now.getTime() - 60_000);
    const earlyThisMonth = new Date(month.getTime() + 60_000);
    const lastMonth = new Date(month.getTime() - HOUR);
    const seeds: OrderSeed[] = [
      { status: "paid", currency: "USD", total: 10_000, createdAt: justNow },
      { status: "shipped", currency: "USD", total: 5_000, createdAt: justNow },
      // Checkouts not placed (unpaid, unconfirmed COD, lapsed) are not orders at all.
      { status: "pending_payment", currency: "USD", total: 99_999, createdAt: justNow },
      { status: "awaiting_confirmation", paymentMethod: "cod", currency: "INR", total: 88_888, createdAt: justNow },
      { status: "expired", currency: "USD", total: 55_555, createdAt: justNow },
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
      orders: 4 + (earlyIsToday ? 2 : 0),
      by_currency: [
        {
          currency: "INR",
          orders: 1 + (earlyIsToday ? 2 : 0),
          revenue_orders: 1 + (earlyIsToday ? 1 : 0),
          revenue_minor: 129_900 + (earlyIsToday ? 50_000 : 0),
        },
        { currency: "USD", orders: 3, revenue_orders: 2, revenue_minor: 15_000 },
      ],
    });
    expect(body.month).toEqual({
      from: month.toISOString(),
      orders: 6,
      by_currency: [
        { currency: "INR", orders: 3, revenue_orders: 2, revenue_minor: 179_900 },
        { currency: "USD", orders: 3, revenue_orders: 2, revenue_minor: 15_000 },
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

describe("GET /api/admin/dashboard: what to do today", () => {
  it("counts orders to ship (paid or COD-confirmed only), COD orders to confirm, flagged orders and returns waiting", async () => {
    const before: DashboardResponse = (await call(app, admin, "GET", "/api/admin/dashboard")).json();
    const statuses = [
      "paid",
      "cod_confirmed",
      "shipped",
      "delivered",
      "pending_payment",
      "awaiting_confirmation",
      "expired",
      "cancelled",
      "refunded",
    ] as const;
    for (const status of statuses)
      await insertOrder(app, {
        status,
        paymentMethod: status.includes("cod") || status === "awaiting_confirmation" ? "cod" : "razorpay",
      });
    const after: DashboardResponse = (await call(app, admin, "GET", "/api/admin/dashboard")).json();
    expect(after.to_ship - before.to_ship).toBe(2);
    expect(after.to_confirm - before.to_confirm).toBe(1);
    expect(after.needs_attention).toBe(before.needs_attention);
    expect(after.returns_to_handle).toBe(before.returns_to_handle);
    const { order } = await insertOrder(app, { status: "cancelled" });
    await app.database.db
      .update(orders)
      .set({ attention: "Delivered after it was cancelled" })
      .where(eq(orders.id, order.id));
    const flagged: DashboardResponse = (await call(app, admin, "GET", "/api/admin/dashboard")).json();
    expect(flagged.needs_attention - before.needs_attention).toBe(1);
  });

  it("charts 90 IST days ending today, and lists top products", async () => {
    const body: DashboardResponse = (await call(app, admin, "GET", "/api/admin/dashboard")).json();
    expect(body.sales_by_day).toHaveLength(SALES_CHART_DAYS);
    expect(body.sales_by_day.at(-1)?.day).toBe(istDayOf(new Date()));
    expect(body.sales_by_day.every((d) => d.by_currency.map((c) => c.currency).join() === "INR,USD")).toBe(true);
    expect(body.top_products.length).toBeGreaterThan(0);
    expect(body.top_products.length).toBeLessThanOrEqual(TOP_PRODUCTS_LIMIT);
  });
});

describe("the dashboard's series and best sellers at IST day edges", () => {
  // A day long before every other test's orders, so the figures are exact.
  const now = new Date("2020-03-10T12:00:00Z");
  const dashboard = () => app.services.admin.dashboard.summary(now);

  it("puts an order at 00:00 IST in that day and one a millisecond earlier in the day before; 90 points", async () => {
    const midnight = istDayStart("2020-03-10");
    const firstDay = addDays("2020-03-10", 1 - SALES_CHART_DAYS);
    await insertOrder(app, { status: "paid", currency: "USD", total: 1_000, createdAt: midnight });
    await insertOrder(app, {
      status: "paid",
      currency: "USD",
      total: 2_000,
      createdAt: new Date(midnight.getTime() - 1),
    });
    await insertOrder(app, {
      status: "cod_confirmed",
      paymentMethod: "cod",
      currency: "INR",
      total: 30_000,
      createdAt: istDayStart(firstDay),
    });
    // Outside the window, or not sales: never in the chart.
    await insertOrder(app, {
      status: "paid",
      currency: "INR",
      total: 40_000,
      createdAt: new Date(istDayStart(firstDay).getTime() - 1),
    });
    await insertOrder(app, { status: "pending_payment", currency: "USD", total: 50_000, createdAt: midnight });
    await insertOrder(app, { status: "cancelled", currency: "USD", total: 60_000, createdAt: midnight });
    await insertOrder(app, { status: "paid", currency: "USD", total: 70_000, createdAt: istDayEnd("2020-03-10") });

    const { sales_by_day: days } = await dashboard();
    expect(days).toHaveLength(SALES_CHART_DAYS);
    expect(days[0]?.day).toBe(firstDay);
    expect(days.at(-1)).toEqual({
      day: "2020-03-10",
      by_currency: [
        { currency: "INR", orders: 0, revenue_minor: 0 },
        { currency: "USD", orders: 1, revenue_minor: 1_000 },
      ],
    });
    expect(days.at(-2)?.by_currency[1]).toEqual({ currency: "USD", orders: 1, revenue_minor: 2_000 });
    expect(days[0]?.by_currency[0]).toEqual({ currency: "INR", orders: 1, revenue_minor: 30_000 });
    const total = days.reduce((sum, d) => sum + d.by_currency.reduce((s, c) => s + c.revenue_minor, 0), 0);
    expect(total).toBe(33_000);
  });

  it("ranks the last 30 days' products by pieces, with revenue per currency", async () => {
    const { variant } = await insertOrder(app, {
      status: "shipped",
      currency: "INR",
      total: 90_000,
      quantity: 3,
      createdAt: istDayStart(addDays("2020-03-10", 1 - TOP_PRODUCTS_DAYS)),
    });
    const top = (await dashboard()).top_products;
    // The window's orders of the seeded size: 2 + 2 (USD, from the test above: 1,000 and 2,000) and 3 (INR).
    expect(top[0]).toEqual({
      product_id: variant.productId,
      product_name: variant.name,
      pieces: 7,
      revenue: [
        { currency: "INR", revenue_minor: 90_000 },
        { currency: "USD", revenue_minor: 3_000 },
      ],
    });
  });
});
