import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newShopper, tokenHeader } from "../accounts/test-support";
import { call, newAdmin } from "../admin/test-support";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import { balanceOf } from "../store-credit/ledger";
import { storeCreditEntries } from "../store-credit/tables";
import { createListeningTestApp, createOrder, fillCart, orderBody, pageTotal, setStock } from "./test-support";

/**
 * Issue 42 (decision 088): two tabs cannot spend the same credit. 50 shoppers, each holding credit for exactly
 * one order, check out from two carts at once (their own and a guest cart they hold), all 100 requests in
 * flight together: on PGlite (transactions take turns) and, with DATABASE_URL, on PostgreSQL (a pool, the
 * advisory lock deciding).
 */
const SHOPPERS = 50;
let app: FastifyInstance;
let admin: Record<string, string>;
let variants: PickedVariant[];

beforeAll(async () => {
  app = await createListeningTestApp();
  admin = (await newAdmin(app)).headers;
  // A few products, so the race is for the credit, not a queue on one product's stock row.
  variants = await pickVariants(app, { minStock: 1, count: 10 });
  for (const v of variants) await setStock(app, v, 4 * SHOPPERS);
}, 240_000);
afterAll(() => app.close());

const db = () => app.database.db;

describe("50 shoppers, two carts each, credit for one order", () => {
  it("spends each shopper's credit exactly once; the other cart is told the new balance", async () => {
    const shoppers = [];
    for (let i = 0; i < SHOPPERS; i++) {
      const lines = [{ variant: variants[i % variants.length]! }];
      const total = pageTotal(lines, "INR");
      const s = await newShopper(app);
      const headers = tokenHeader(s.token);
      const credited = await call(app, admin, "POST", `/api/admin/store-credit/${s.user.id}/adjust`, {
        currency: "INR",
        amount: total,
        reason: "Race test",
      });
      expect(credited.statusCode, credited.body).toBe(200);
      const carts = [await fillCart(app, lines, "INR", headers), await fillCart(app, lines, "INR")];
      shoppers.push({ id: s.user.id, headers, carts, total });
    }

    // Half pay all by credit, half name the card and let the credit cover it: both spend the whole balance.
    const requests = shoppers.flatMap((s, i) =>
      s.carts.map(
        (cartId) => () =>
          createOrder(
            app,
            orderBody(cartId, "razorpay", "INR", i % 2 === 0 ? s.total : s.total * 100, {
              use_store_credit: true,
              store_credit_amount: s.total,
              ...(i % 2 === 0 && { payment_method: "store_credit" }),
            }),
            s.headers,
          ),
      ),
    );
    const answers = await Promise.all(requests.map((send) => send()));
    // A request PostgreSQL could not serve within its lock timeout (every confirmation queues for the invoice
    // number) is a 503 that changed nothing; the shopper tries again, as the message asks.
    for (const [i, answer] of answers.entries())
      if (answer.statusCode === 503) {
        expect(answer.json().code).toBe("DATABASE_BUSY");
        answers[i] = await requests[i]!();
      }

    for (const [i, s] of shoppers.entries()) {
      const mine = answers.slice(2 * i, 2 * i + 2);
      expect(mine.map((r) => r.statusCode).sort(), mine.map((r) => r.body).join("\n")).toEqual([200, 409]);
      const refused = mine.find((r) => r.statusCode === 409)!.json();
      expect(refused.code).toBe("STORE_CREDIT_TOO_LOW");
      expect(refused.message).toMatch(/no store credit in INR now/);
      expect(mine.find((r) => r.statusCode === 200)!.json()).toMatchObject({ status: "paid", to_pay: 0 });

      const spends = await db()
        .select()
        .from(storeCreditEntries)
        .where(and(eq(storeCreditEntries.userId, s.id), eq(storeCreditEntries.kind, "spent")));
      expect(spends).toHaveLength(1);
      const [sum] = await db()
        .select({ total: sql<number>`sum(${storeCreditEntries.amountMinor})::int` })
        .from(storeCreditEntries)
        .where(and(eq(storeCreditEntries.userId, s.id), eq(storeCreditEntries.currency, "INR")));
      expect(await balanceOf(db(), s.id, "INR")).toBe(sum!.total);
      expect(sum!.total).toBe(0);
    }
    // Nobody anywhere is below zero.
    const negative = await db().execute(
      sql`select user_id from ${storeCreditEntries} group by user_id, currency having sum(amount_minor) < 0`,
    );
    expect((negative as { rows: unknown[] }).rows).toEqual([]);
  }, 300_000);
});
