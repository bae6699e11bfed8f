import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { insertOrder } from "../admin/test-support";
import { createTestApp } from "../../testing/test-app";
import { istDayOf } from "../../lib/seller-time";
import { issueInvoice, SERIES_FULL } from "./issue";
import { financialYear } from "./numbers";
import { documentSeries, invoices } from "./tables";

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

// On PostgreSQL (CI's second pass of this ring) the 50 transactions run at once on the pool's connections and
// queue for the series' row; on PGlite they run one after the other. Either way: 50 numbers, in a row.
it("50 orders settled in parallel get 50 consecutive invoice numbers: no gap, no duplicate", async () => {
  const ids: number[] = [];
  for (let i = 0; i < 50; i++) ids.push((await insertOrder(app, { paymentMethod: "cod", total: 200_000 })).order.id);
  const now = new Date();
  const issued = await Promise.all(ids.map((id) => app.database.db.transaction((tx) => issueInvoice(tx, id, now))));
  expect(issued.every((i) => i.ok)).toBe(true);
  const numbers = issued.map((i) => (i.ok ? i.number : ""));
  expect(new Set(numbers).size).toBe(50);
  const rows = await app.database.db.select({ seq: invoices.seq }).from(invoices).where(eq(invoices.isTest, false));
  expect(rows.map((r) => r.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
});

it("a settlement that rolls back gives its number back", async () => {
  const { order } = await insertOrder(app, { paymentMethod: "cod", total: 200_000 });
  const rolledBack = new Error("the settlement failed after the invoice");
  await expect(
    app.database.db.transaction(async (tx) => {
      await issueInvoice(tx, order.id, new Date());
      throw rolledBack;
    }),
  ).rejects.toBe(rolledBack);
  const again = await app.database.db.transaction((tx) => issueInvoice(tx, order.id, new Date()));
  expect(again).toMatchObject({ ok: true, number: expect.stringMatching(/\/000051$/) });
});

it("a full series refuses the next number and writes nothing: the order's transaction goes on", async () => {
  const { order } = await insertOrder(app, { paymentMethod: "cod", total: 200_000 });
  const now = new Date();
  const year = financialYear(istDayOf(now));
  const series = and(eq(documentSeries.series, "invoice"), eq(documentSeries.financialYear, year));
  // "JKH/26-27/" leaves six digits: 999,999 is the last number of the year.
  await app.database.db.update(documentSeries).set({ last: 999_998 }).where(series);
  const last = await app.database.db.transaction((tx) => issueInvoice(tx, order.id, now));
  expect(last).toMatchObject({ ok: true, number: `JKH/${year}/999999` });

  const { order: next } = await insertOrder(app, { paymentMethod: "cod", total: 200_000 });
  const refused = await app.database.db.transaction(async (tx) => {
    const outcome = await issueInvoice(tx, next.id, now);
    // The transaction is still usable: a refused number aborts nothing.
    await tx.select().from(invoices).where(eq(invoices.orderId, next.id));
    return outcome;
  });
  expect(refused).toEqual({ ok: false, problem: SERIES_FULL });
  const [row] = await app.database.db.select({ last: documentSeries.last }).from(documentSeries).where(series);
  expect(row?.last).toBe(999_999);
  expect(await app.database.db.select().from(invoices).where(eq(invoices.orderId, next.id))).toEqual([]);
});
