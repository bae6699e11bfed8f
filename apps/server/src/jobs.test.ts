import { eq, inArray, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { newShopper } from "./modules/accounts/test-support";
import { authTokens } from "./modules/accounts/tables";
import { carts } from "./modules/cart/tables";
import { pickVariants } from "./modules/cart/test-support";
import { giveBackOnClose } from "./modules/store-credit/ledger";
import { expireLapsedOrders } from "./modules/orders/expiry";
import { orders } from "./modules/orders/tables";
import {
  createListeningTestApp,
  createOrder,
  fillCart,
  lapse,
  orderBody,
  pageTotal,
} from "./modules/checkout/test-support";
import { claimJobRun, scheduledJobs } from "./db/scheduled-jobs";
import { silentLog } from "./log";
import { housekeeping, startJobs, storeJobs, type Job } from "./jobs";
import { loadConfig } from "./config";
import { openSecondPool } from "./testing/second-pool";

let app: FastifyInstance;
beforeAll(async () => {
  app = await createListeningTestApp();
});
afterAll(() => app.close());

const daysAgo = (days: number) => sql`now() - make_interval(days => ${days})`;

describe("housekeeping", () => {
  it("deletes guest carts untouched for 30 days, spent tokens, and unpaid attempts closed a week ago; keeps the rest", async () => {
    const db = app.database.db;
    const [variant] = await pickVariants(app, { minStock: 5 });
    if (!variant) throw new Error("no variant");
    const lines = [{ variant }];
    const [staleCart, freshCart] = [await fillCart(app, lines, "INR"), await fillCart(app, lines, "INR")];
    const shopper = await newShopper(app);
    const [ownCart] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, shopper.user.id));
    await db
      .update(carts)
      .set({ updatedAt: daysAgo(31) })
      .where(inArray(carts.id, [staleCart, ...(ownCart ? [ownCart.id] : [])]));

    const [spent] = await db
      .select({ id: authTokens.id })
      .from(authTokens)
      .where(eq(authTokens.userId, shopper.user.id));
    const [live] = await db
      .insert(authTokens)
      .values({
        userId: shopper.user.id,
        tokenHash: "live-token-hash",
        kind: "session",
        expiresAt: new Date(Date.now() + 3_600_000),
      })
      .returning();
    await db
      .update(authTokens)
      .set({ expiresAt: daysAgo(2) })
      .where(eq(authTokens.id, spent!.id));

    // An unpaid COD attempt (never reached a provider) and a card attempt (has a provider order), both closed long ago.
    const cod = await createOrder(
      app,
      orderBody(freshCart, "cod", "INR", pageTotal(lines, "INR", { shipping: 39 }), { email: "old.cod@example.in" }),
    );
    const card = await createOrder(
      app,
      orderBody(await fillCart(app, lines, "INR"), "razorpay", "INR", pageTotal(lines, "INR") * 100),
    );
    const [codId, cardId] = [cod.json().order_id as number, card.json().data.order_id as number];
    await lapse(app, codId);
    await lapse(app, cardId);
    expect(await expireLapsedOrders(db, giveBackOnClose)).toBe(2);
    await db
      .update(orders)
      .set({ updatedAt: daysAgo(8) })
      .where(inArray(orders.id, [codId, cardId]));

    expect(await housekeeping(db, app.services)).toEqual({
      carts: 1,
      tokens: 1,
      attempts: 1,
      unconfirmedStockAlerts: 0,
      rateCounters: 0,
      simulatorRecords: 0,
      courierSimulatorRecords: 0,
      whatsappSimulatorMessages: 0,
    });
    const cartIds = (await db.select({ id: carts.id }).from(carts)).map((c) => c.id);
    expect(cartIds).not.toContain(staleCart);
    expect(cartIds).toContain(freshCart);
    if (ownCart) expect(cartIds).toContain(ownCart.id);
    const tokenIds = (await db.select({ id: authTokens.id }).from(authTokens)).map((t) => t.id);
    expect(tokenIds).toContain(live!.id);
    expect(tokenIds).not.toContain(spent!.id);
    const orderIds = (await db.select({ id: orders.id }).from(orders)).map((o) => o.id);
    expect(orderIds).not.toContain(codId);
    expect(orderIds).toContain(cardId);
  });
});

describe("the job timers", () => {
  it("run each job on its interval, never two runs of one job at once, and stop after the run under way", async () => {
    vi.useFakeTimers();
    try {
      let finish: () => void = () => {};
      const run = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
      const jobs = startJobs(app.database.db, [{ name: "slow", everyMs: 1_000, everyReplica: true, run }], silentLog);
      await vi.advanceTimersByTimeAsync(3_500);
      expect(run).toHaveBeenCalledTimes(1);
      finish();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(run).toHaveBeenCalledTimes(2);
      const stopped = jobs.stop();
      let done = false;
      void stopped.then(() => (done = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(done).toBe(false);
      finish();
      await stopped;
      await vi.advanceTimersByTimeAsync(5_000);
      expect(run).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the outboxes' interval", () => {
  it("is OUTBOX_EVERY_MS for both outboxes (5 s unset), never under 100 ms; the other jobs keep theirs", () => {
    const every = (jobs: Job[]) => Object.fromEntries(jobs.map((job) => [job.name, job.everyMs]));
    const usual = every(storeJobs(app.database.db, app.services, loadConfig({}).outboxEveryMs));
    expect(usual).toMatchObject({ "e-mail outbox": 5_000, "whatsapp outbox": 5_000, "back in stock alerts": 20_000 });
    const quick = every(storeJobs(app.database.db, app.services, loadConfig({ OUTBOX_EVERY_MS: "500" }).outboxEveryMs));
    expect(quick).toEqual({ ...usual, "e-mail outbox": 500, "whatsapp outbox": 500 });
    expect(() => loadConfig({ OUTBOX_EVERY_MS: "50" })).toThrow(/OUTBOX_EVERY_MS/);
  });
});

describe("jobs run once per period for the cluster", () => {
  const dueNow = (name: string) =>
    app.database.db
      .update(scheduledJobs)
      .set({ nextRunAt: sql`now() - interval '1 second'` })
      .where(eq(scheduledJobs.name, name));
  const stored = async (name: string) =>
    (await app.database.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, name)))[0];

  it("of two replicas claiming one period at once, exactly one wins; nobody again until it is due", async () => {
    const second = await openSecondPool(app.database);
    try {
      const name = `claim ${randomUUID()}`;
      const dbs = [app.database.db, second.db, app.database.db, second.db];
      for (let period = 0; period < 3; period++) {
        const won = await Promise.all(dbs.map((db) => claimJobRun(db, name, 60_000)));
        expect(won.filter(Boolean)).toHaveLength(1);
        expect(await claimJobRun(second.db, name, 60_000)).toBe(false);
        await dueNow(name);
      }
    } finally {
      await second.close();
    }
  });

  it("two runners ticking the same job at once run it once per period, and record how it went", async () => {
    const second = await openSecondPool(app.database);
    // Only the timers are simulated; the claims go to the real database.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      let runs = 0;
      const job: Job = {
        name: `tick ${randomUUID()}`,
        everyMs: 30_000,
        run: async () => {
          runs++;
          if (runs === 2) throw new Error("second run broke");
        },
      };
      for (let period = 1; period <= 3; period++) {
        const runners = [startJobs(app.database.db, [job], silentLog), startJobs(second.db, [job], silentLog)];
        vi.advanceTimersByTime(30_000);
        await Promise.all(runners.map((runner) => runner.stop()));
        expect(runs).toBe(period);
        const row = await stored(job.name);
        expect(row?.lastFinishedAt).not.toBeNull();
        expect(row?.lastError).toBe(period === 2 ? "second run broke" : null);
        // Ticking again within the period runs nothing.
        const early = startJobs(second.db, [job], silentLog);
        vi.advanceTimersByTime(30_000);
        await early.stop();
        expect(runs).toBe(period);
        await dueNow(job.name);
      }
    } finally {
      vi.useRealTimers();
      await second.close();
    }
  });
});
