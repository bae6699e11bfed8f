import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { insertOrder } from "../admin/test-support";
import { createTestApp } from "../../testing/test-app";
import { istDayOf } from "../../lib/seller-time";
import { orderLines } from "../orders/tables";
import { products, taxRates, taxRules } from "../catalog/tables";
import { databaseClock, stoppedClock, type DocumentClock } from "./clock";
import { issueInvoice, SERIES_FULL } from "./issue";
import { financialYear } from "./numbers";
import { documentSeries, invoiceLines, invoices } from "./tables";

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const issue = (orderId: number, clock: DocumentClock = databaseClock) =>
  app.database.db.transaction((tx) => issueInvoice(tx, orderId, clock));

// On PostgreSQL (CI's second pass of this ring) the 50 transactions run at once on the pool's connections and
// queue for the series' row; on PGlite they run one after the other. Either way: 50 numbers, in a row, and
// their times in the same order, since each reads the database's clock once it holds the series (issue 38).
it("50 orders settled in parallel get 50 consecutive invoice numbers, dated in the order of their numbers", async () => {
  const ids: number[] = [];
  for (let i = 0; i < 50; i++) ids.push((await insertOrder(app, { paymentMethod: "cod", total: 200_000 })).order.id);
  const issued = await Promise.all(ids.map((id) => issue(id)));
  expect(issued.every((i) => i.ok)).toBe(true);
  const numbers = issued.map((i) => (i.ok ? i.number : ""));
  expect(new Set(numbers).size).toBe(50);
  const rows = await app.database.db
    .select({ seq: invoices.seq, issuedAt: invoices.issuedAt, issueDate: invoices.issueDate })
    .from(invoices)
    .where(eq(invoices.isTest, false))
    .orderBy(asc(invoices.seq));
  expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  const times = rows.map((r) => r.issuedAt.getTime());
  expect(times).toEqual([...times].sort((a, b) => a - b));
  for (const r of rows) expect(r.issueDate).toBe(istDayOf(r.issuedAt));
});

const onPostgres = Boolean(process.env.DATABASE_URL);

// Settlements prepare their invoices for different lengths of time before they reach the series (a long order,
// a slow query), so the moment each began does not follow the order of their numbers: here each later one began
// earlier. Queued behind a settlement that holds the series, each must read its time once it has its number.
// PostgreSQL alone runs them at once.
it.skipIf(!onPostgres)(
  "on PostgreSQL, invoices queued behind a settlement that holds the series are dated in the order of their numbers",
  async () => {
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) ids.push((await insertOrder(app, { paymentMethod: "cod", total: 200_000 })).order.id);
    const year = financialYear(istDayOf(new Date()));
    const slow = app.database.db.transaction(async (tx) => {
      await tx.insert(documentSeries).values({ series: "invoice", financialYear: year, last: 0 }).onConflictDoNothing();
      await tx.execute(
        sql`select last from document_series where series = 'invoice' and financial_year = ${year} for update`,
      );
      await tx.execute(sql`select pg_sleep(0.4)`);
    });
    const queued: Promise<unknown>[] = [];
    for (const [i, id] of ids.entries()) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      const began = new Date(Date.now() - 100 * i);
      queued.push(issue(id, { guess: () => began, reading: databaseClock.reading }));
    }
    await Promise.all([slow, ...queued]);
    const rows = await app.database.db
      .select({ seq: invoices.seq, issuedAt: invoices.issuedAt })
      .from(invoices)
      .where(inArray(invoices.orderId, ids))
      .orderBy(asc(invoices.seq));
    expect(rows).toHaveLength(8);
    const times = rows.map((r) => r.issuedAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
  },
);

it("an invoice numbered across midnight IST is dated, numbered and taxed for the day its number was taken", async () => {
  const { order } = await insertOrder(app, { paymentMethod: "cod", total: 200_000, quantity: 1 });
  // A rule whose rate changes at that midnight, which is also the end of a financial year.
  const [rule] = await app.database.db
    .insert(taxRules)
    .values({ name: "Changes on 1 April 2031 (test)" })
    .returning({ id: taxRules.id });
  await app.database.db.insert(taxRates).values([
    { ruleId: rule!.id, effectiveFrom: "2020-01-01", rateBps: 500 },
    { ruleId: rule!.id, effectiveFrom: "2031-04-01", rateBps: 1200 },
  ]);
  const [line] = await app.database.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  await app.database.db.update(products).set({ taxRuleId: rule!.id }).where(eq(products.id, line!.productId!));

  // Prepared at 23:59:59.990 IST on 31 March, its number taken 20 ms later, on 1 April.
  const nearMidnight: DocumentClock = {
    guess: () => new Date("2031-03-31T18:29:59.990Z"),
    reading: sql`'2031-03-31T18:30:00.010Z'::timestamptz`,
  };
  expect(await issue(order.id, nearMidnight)).toMatchObject({ ok: true, number: "JKH/31-32/000001" });
  const [invoice] = await app.database.db.select().from(invoices).where(eq(invoices.orderId, order.id));
  expect(invoice).toMatchObject({ issueDate: "2031-04-01", financialYear: "31-32", seq: 1 });
  expect(invoice!.issuedAt.toISOString()).toBe("2031-03-31T18:30:00.010Z");
  const [goods] = await app.database.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice!.id));
  expect(goods!.rateBps).toBe(1200);
  // The number first taken in the year that had just ended was given back: its series is still unused.
  const [ended] = await app.database.db
    .select({ last: documentSeries.last })
    .from(documentSeries)
    .where(and(eq(documentSeries.series, "invoice"), eq(documentSeries.financialYear, "30-31")));
  expect(ended?.last ?? 0).toBe(0);
});

it("a settlement that rolls back gives its number back", async () => {
  const { order } = await insertOrder(app, { paymentMethod: "cod", total: 200_000 });
  const rolledBack = new Error("the settlement failed after the invoice");
  let taken = "";
  await expect(
    app.database.db.transaction(async (tx) => {
      const outcome = await issueInvoice(tx, order.id);
      taken = outcome.ok ? outcome.number : "";
      throw rolledBack;
    }),
  ).rejects.toBe(rolledBack);
  expect(taken).not.toBe("");
  expect(await issue(order.id)).toMatchObject({ ok: true, number: taken });
});

it("a full series refuses the next number and writes nothing: the order's transaction goes on", async () => {
  const { order } = await insertOrder(app, { paymentMethod: "cod", total: 200_000 });
  const now = stoppedClock(new Date());
  const year = financialYear(istDayOf(new Date()));
  const series = and(eq(documentSeries.series, "invoice"), eq(documentSeries.financialYear, year));
  // "JKH/26-27/" leaves six digits: 999,999 is the last number of the year.
  await app.database.db.update(documentSeries).set({ last: 999_998 }).where(series);
  expect(await issue(order.id, now)).toMatchObject({ ok: true, number: `JKH/${year}/999999` });

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
