import type { Db } from "./db/client";
import { deleteSpentTokens } from "./modules/accounts/housekeeping";
import { deleteStaleGuestCarts } from "./modules/cart/checkout-lines";
import { expireLapsedOrders } from "./modules/orders/expiry";
import { deleteUnpaidAttempts } from "./modules/payments/housekeeping";
import { deleteOldSimulatorRecords } from "./modules/payments/simulator/records";
import type { ServiceLog } from "./log";
import type { StoreServices } from "./services";

export interface Job {
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

/**
 * The work nobody asks for, on timers: e-mails out of the outbox, unpaid orders expired (their pieces back on
 * sale), refunds retried, and housekeeping. Every task claims its rows with locks and re-checks them, so
 * several replicas may run the same timers without doing anything twice.
 */
export function storeJobs(db: Db, services: StoreServices): Job[] {
  return [
    { name: "e-mail outbox", everyMs: 5_000, run: () => services.outbox.deliverPending() },
    { name: "expire unpaid orders", everyMs: 30_000, run: () => expireLapsedOrders(db) },
    { name: "retry refunds", everyMs: 30_000, run: () => services.payments.refunds.runDue() },
    { name: "housekeeping", everyMs: 60 * 60_000, run: () => housekeeping(db) },
  ];
}

/**
 * Guest carts untouched for 30 days, spent tokens, unpaid attempts closed a week ago, and the payment
 * simulator's records older than 30 days (none in production).
 */
export async function housekeeping(db: Db) {
  return {
    carts: await deleteStaleGuestCarts(db),
    tokens: await deleteSpentTokens(db),
    attempts: await deleteUnpaidAttempts(db),
    simulatorRecords: await deleteOldSimulatorRecords(db),
  };
}

/** Runs each job on its timer, one run of a job at a time; `stop` waits for the runs under way. */
export function startJobs(jobs: Job[], log: ServiceLog): { stop(): Promise<void> } {
  const running = new Map<string, Promise<unknown>>();
  const timers = jobs.map((job) =>
    setInterval(() => {
      if (running.has(job.name)) return;
      const run = job
        .run()
        .catch((err: unknown) => log.error({ err, job: job.name }, "background job failed"))
        .finally(() => running.delete(job.name));
      running.set(job.name, run);
    }, job.everyMs).unref(),
  );
  return {
    async stop() {
      timers.forEach(clearInterval);
      await Promise.all(running.values());
    },
  };
}
