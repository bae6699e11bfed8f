import { count, sql } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { pickVariant } from "../modules/cart/test-support";
import { contactQueries } from "../modules/content/tables";
import { createTestApp, openTestDatabase } from "../testing/test-app";
import type { DatabaseLimits } from "../config";
import { databaseUnavailable } from "./errors";

const onPostgres = Boolean(process.env.DATABASE_URL);
const LIMITS: DatabaseLimits = { poolMax: 10, acquireTimeoutMs: 5000, lockTimeoutMs: 5000, statementTimeoutMs: 15_000 };
const QUERY = {
  name: "Asha Verma",
  email: "asha@example.in",
  country_code: "+91",
  mobile_number: "98290 41234",
  query: "Do you ship rugs to Pune?",
};

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const postQuery = (target: FastifyInstance, remoteAddress: string) =>
  target.inject({ method: "POST", url: "/api/create-query/", payload: QUERY, remoteAddress });
const storedQueries = async (target: FastifyInstance) =>
  (await target.database.db.select({ n: count() }).from(contactQueries))[0]?.n ?? 0;

function expectBusy(res: LightMyRequestResponse, code = "DATABASE_BUSY") {
  expect(res.statusCode).toBe(503);
  expect(res.headers["retry-after"]).toBe("5");
  expect(res.json()).toEqual({
    message: expect.stringContaining("Please try again in a few seconds."),
    code,
    errors: [],
  });
}

describe.skipIf(onPostgres)("embedded database (PGlite): one connection, so a wait limit in front of it", () => {
  it("answers 503 + Retry-After while a transaction holds the database, never runs the refused write later, and /readyz fails", async () => {
    app = await createTestApp({ seed: false, limits: { ...LIMITS, acquireTimeoutMs: 300 } });
    const target = app;
    let finish = () => {};
    const held = target.database.db.transaction(() => new Promise<void>((resolve) => (finish = resolve)));

    expectBusy(await postQuery(target, "10.9.0.1"));
    const ready = await target.inject("/readyz");
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ code: "NOT_READY" });

    finish();
    await held;
    expect(await storedQueries(target)).toBe(0);
    expect((await postQuery(target, "10.9.0.2")).statusCode).toBe(201);
    expect((await target.inject("/readyz")).statusCode).toBe(200);
  });
});

describe.skipIf(!onPostgres)("PostgreSQL: lock, pool and statement limits", () => {
  /** A second session that takes a lock the app's requests will need, as the 19-second lock of the report did. */
  async function lockVariants(url: string) {
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    await locker.query("begin");
    await locker.query("lock table product_variants in access exclusive mode");
    return {
      release: async () => {
        await locker.query("commit");
        await locker.end();
      },
    };
  }

  async function setUp(limits: Partial<DatabaseLimits>) {
    app = await createTestApp({ limits: { ...LIMITS, ...limits } });
    const target = app;
    const variant = await pickVariant(target, { minStock: 5 });
    const addToCart = (remoteAddress: string, cartId: string | null = null) =>
      target.inject({
        method: "POST",
        url: "/api/cart-items/",
        remoteAddress,
        payload: {
          product_pk: variant.productId,
          size: variant.size,
          quantity: 1,
          offer_price: variant.offerCents / 100,
          mrp: variant.mrpCents / 100,
          is_direct_buy: false,
          cart_id: cartId,
          currency: "USD",
        },
      });
    return { target, addToCart, url: await databaseUrlOf(target) };
  }

  it("a request that waits too long for a lock gets 503 with Retry-After; unrelated routes go on", async () => {
    const { target, addToCart, url } = await setUp({ lockTimeoutMs: 300 });
    const lock = await lockVariants(url);
    try {
      expectBusy(await addToCart("10.9.1.1"));
      expect((await postQuery(target, "10.9.1.2")).statusCode).toBe(201);
      // Readiness reads the core tables, this one among them: it says so quickly rather than waiting.
      expectBusy(await target.inject("/readyz"), "NOT_READY");
    } finally {
      await lock.release();
    }
    expect((await addToCart("10.9.1.3")).statusCode).toBe(200);
    expect((await target.inject("/readyz")).statusCode).toBe(200);
  });

  it("when every connection is stuck, others get 503 after the acquire timeout and /readyz fails; nothing hangs", async () => {
    const { target, addToCart, url } = await setUp({ poolMax: 2, acquireTimeoutMs: 300, lockTimeoutMs: 20_000 });
    const cartId: string = (await addToCart("10.9.2.0")).json().cart_id;
    const lock = await lockVariants(url);
    let stuck: Promise<LightMyRequestResponse>[] = [];
    try {
      // Guests' first adds share one statement (decision 056): a first add and an add to a cart take one each.
      stuck = [addToCart("10.9.2.1"), addToCart("10.9.2.2", cartId)];
      // Both pool connections are now waiting for the lock.
      await waitUntil(async () => (await lockWaiters(url)) === 2);
      expectBusy(await postQuery(target, "10.9.2.3"));
      expectBusy(await target.inject("/readyz"), "NOT_READY");
    } finally {
      await lock.release();
    }
    expect((await Promise.all(stuck)).map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await storedQueries(target)).toBe(0);
    expect((await target.inject("/readyz")).statusCode).toBe(200);
  });

  it("cancels a statement that runs past the statement timeout, as a 503", async () => {
    const database = await openTestDatabase({ ...LIMITS, statementTimeoutMs: 200 });
    try {
      const error = await database.db.execute(sql`select pg_sleep(2)`).then(
        () => null,
        (err: unknown) => err,
      );
      expect(databaseUnavailable(error)).toMatchObject({
        kind: "unavailable",
        code: "DATABASE_BUSY",
        retryAfterSeconds: 5,
      });
    } finally {
      await database.close();
    }
  });
});

/** The throw-away database's own URL, for sessions of the test's own. */
async function databaseUrlOf(target: FastifyInstance): Promise<string> {
  const { rows } = (await target.database.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  const url = new URL(process.env.DATABASE_URL ?? "");
  url.pathname = `/${rows[0]?.name}`;
  return url.toString();
}

/** Sessions of the test database waiting for a lock. */
async function lockWaiters(url: string): Promise<number> {
  const observer = new pg.Client({ connectionString: url });
  await observer.connect();
  try {
    const { rows } = await observer.query(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
    );
    return rows[0].n;
  } finally {
    await observer.end();
  }
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
