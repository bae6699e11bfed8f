import type { Db } from "./db/client";
import { deleteEndedRateCounters } from "./db/rate-counters";
import { claimJobRun, recordJobRun } from "./db/scheduled-jobs";
import { keepTablesUp } from "./db/table-upkeep";
import { deleteSpentTokens } from "./modules/accounts/housekeeping";
import { deleteStaleGuestCarts } from "./modules/cart/checkout-lines";
// The store credit an attempt spent goes back, and a bank-transfer order's part payments are owed back.
import { giveBackOnClose } from "./modules/checkout/service";
import { expireLapsedOrders } from "./modules/orders/expiry";
import { deleteUnpaidAttempts } from "./modules/payments/housekeeping";
import { deleteOldSimulatorRecords } from "./modules/payments/simulator/records";
import { deleteOldCourierSimulatorRecords } from "./modules/shipping/simulator/records";
import type { ServiceLog } from "./log";
import { sendStockAlerts } from "./modules/wishlist/stock-alerts";
import { deleteOldWhatsAppSimulatorMessages } from "./whatsapp/simulator/plugin";
import type { StoreServices } from "./services";

export interface Job {
  /** Also its row in `scheduled_jobs`: renaming a job starts its schedule afresh. */
  name: string;
  everyMs: number;
  /**
   * Run by every replica on its own timer, rather than by one replica per period for the cluster (the
   * default, claimed in `scheduled_jobs`). Only for work that claims its own rows, where more runners
   * mean more throughput and never double work.
   */
  everyReplica?: boolean;
  run(): Promise<unknown>;
}

/**
 * The work nobody asks for, on timers: e-mails and WhatsApp messages out of their outboxes, unpaid orders expired (their pieces back on
 * sale), refunds retried, carts left alone reminded, and housekeeping. Each runs once per period for the whole cluster, whichever
 * replica claims it first; inside, every task still claims its rows with locks and re-checks them, so a run
 * that outlasts its period and overlaps the next (on another replica) does nothing twice either. The outbox
 * runs on every replica: its claims are per e-mail (SKIP LOCKED and a lease), so each replica delivers
 * different e-mails and a dead replica stops nothing.
 */
export function storeJobs(
  db: Db,
  services: StoreServices,
  outboxEveryMs: number,
  /** PGlite, inside this process: no autovacuum keeps its tables up, so a job does (decision 116). */
  embeddedDatabase = false,
): Job[] {
  return [
    { name: "e-mail outbox", everyMs: outboxEveryMs, everyReplica: true, run: () => services.outbox.deliverPending() },
    {
      name: "whatsapp outbox",
      everyMs: outboxEveryMs,
      everyReplica: true,
      run: () => services.whatsapp.outbox.deliverPending(),
    },
    { name: "expire unpaid orders", everyMs: 30_000, run: () => expireLapsedOrders(db, giveBackOnClose) },
    { name: "retry refunds", everyMs: 30_000, run: () => services.payments.refunds.runDue() },
    // Back-in-stock e-mails: often enough that a restock reaches its subscribers within the minute.
    { name: "back in stock alerts", everyMs: 20_000, run: () => sendStockAlerts(db) },
    { name: "housekeeping", everyMs: 60 * 60_000, run: () => housekeeping(db, services) },
    { name: "cart reminders", everyMs: 10 * 60_000, run: () => services.cart.sendReminders() },
    // Gift cards whose India send date has come: within the minute of midnight IST, each once.
    { name: "send due gift cards", everyMs: 60_000, run: () => services.giftCards.sendDue() },
    // "Pay now" messages after cash-on-delivery orders (decision 094): each order once, after the seller's delay.
    { name: "pay now nudges", everyMs: 60_000, run: () => services.payNow.sendDue() },
    // The seller's numbers (decision 105): recent days rolled up, yesterday's salt discarded, old raw events pruned.
    { name: "numbers upkeep", everyMs: 10 * 60_000, run: () => services.numbers.upkeep() },
    ...courierSimulatorClocks(services),
    ...(embeddedDatabase ? [{ name: "table upkeep", everyMs: 60_000, run: () => keepTablesUp(db) }] : []),
  ];
}

/** Each simulated carrier moves parcels left alone (at its own pace; 0 or a real carrier: never). */
function courierSimulatorClocks(services: StoreServices): Job[] {
  return [...services.shipping.gateway.simulators].flatMap(([name, simulator]) =>
    simulator.stepMinutes === 0
      ? []
      : [{ name: `courier simulator clock (${name})`, everyMs: 60_000, run: () => simulator.tick() }],
  );
}

/**
 * Guest carts untouched for 30 days, spent tokens, unpaid attempts closed a week ago, back-in-stock alerts
 * never confirmed, rate counts of windows long over, and the payment and courier simulators' records older
 * than 30 days (none in production).
 */
export async function housekeeping(db: Db, services: StoreServices) {
  return {
    carts: await deleteStaleGuestCarts(db),
    tokens: await deleteSpentTokens(db),
    attempts: await deleteUnpaidAttempts(db),
    unconfirmedStockAlerts: await services.stockAlerts.deleteUnconfirmed(),
    rateCounters: await deleteEndedRateCounters(db),
    simulatorRecords: await deleteOldSimulatorRecords(db),
    courierSimulatorRecords: await deleteOldCourierSimulatorRecords(db),
    whatsappSimulatorMessages: await deleteOldWhatsAppSimulatorMessages(db),
  };
}

/** A job claimed for the cluster is asked about at least this often, so an hourly job is not missed by a replica restarted every 50 minutes. */
const CLAIM_CHECK_MS = 60_000;

/**
 * Runs each job on its timer, one run of a job at a time in this process: a job for the cluster only when
 * this replica claims the period (`claimJobRun`, one statement; no lock is held while it runs), then its
 * outcome is recorded. `stop` waits for the runs under way.
 */
export function startJobs(db: Db, jobs: Job[], log: ServiceLog): { stop(): Promise<void> } {
  const running = new Map<string, Promise<unknown>>();
  async function runOnce(job: Job): Promise<void> {
    if (job.everyReplica) return void (await job.run());
    if (!(await claimJobRun(db, job.name, job.everyMs))) return;
    let error: string | null = null;
    try {
      await job.run();
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      throw err;
    } finally {
      await recordJobRun(db, job.name, error);
    }
  }
  const timers = jobs.map((job) =>
    setInterval(
      () => {
        if (running.has(job.name)) return;
        const run = runOnce(job)
          .catch((err: unknown) => log.error({ err, job: job.name }, "background job failed"))
          .finally(() => running.delete(job.name));
        running.set(job.name, run);
      },
      job.everyReplica ? job.everyMs : Math.min(job.everyMs, CLAIM_CHECK_MS),
    ).unref(),
  );
  return {
    async stop() {
      timers.forEach(clearInterval);
      await Promise.all(running.values());
    },
  };
}
