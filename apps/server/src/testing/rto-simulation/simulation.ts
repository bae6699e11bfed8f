import type { FastifyInstance } from "fastify";
import type { DeliveryOutcomeTotals } from "@store/shared";
import type { CheckoutOutcome, FeatureSteps } from "./features";
import { identityOf, type Identity } from "./identity";
import { codRto, drawShoppers, firstAttemptFails, MODEL, ndrReason, type Shopper } from "./model";
import { StoreClient } from "./store-client";

export interface SimulationOptions {
  seed: number;
  orders: number;
  /** Products the shoppers choose among (the catalogue's first ones). */
  products: number;
  /** Shoppers served at once (each one's draws are fixed, so the figures do not depend on it). */
  concurrency: number;
  /** Run before the simulated orders, after the history (the test sets seller rules there). */
  beforeOrders?: (client: StoreClient) => Promise<void>;
  /** Where progress lines go (the bench prints them; the test does not). */
  log?: (line: string) => void;
}

/** One run's figures: the RTO measures read from the store's delivery outcomes report, the rest counted here. */
export interface RunReport {
  run: "without features" | "with features";
  shoppers: number;
  ordersPlaced: number;
  lostSales: number;
  /** Shoppers refused COD by the rules who paid by card instead. */
  prepaidAtCheckout: number;
  /** COD orders the pay-now nudge turned prepaid: the store's own figures (after minus before). */
  convertedByNudge: number;
  advancePaid: number;
  addressChecksSent: number;
  addressesCorrected: number;
  failedFirstAttempts: number;
  ndrAnswered: number;
  /** From `GET /api/admin/delivery-outcomes`: what ended during the run (after minus before). */
  store: { delivered: number; rto: number; rtoRate: number; freightLostMinor: number; freightUnknown: number };
  /** Which of run B's steps were in the store (the others were left out). */
  wired: { checkoutRules: boolean; nudge: boolean; ndr: boolean; addressChecks: boolean };
}

/** Runs `work` over `items`, `limit` at a time. */
async function inPool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

interface Placed {
  shopper: Shopper;
  who: Identity;
  orderId: number;
  payment: "cod" | "advance" | "prepaid";
  addressFixed: boolean;
}

/** The chance that this parcel comes back when nobody acts on a failed attempt. */
function rtoOf(p: Placed): number {
  if (p.payment === "prepaid") return MODEL.prepaidRto;
  const cod = codRto(p.shopper, { addressFixed: p.addressFixed });
  return p.payment === "advance" ? cod * MODEL.advanceRtoFactor : cod;
}

/**
 * Drives one booked parcel to its end through the courier simulator's control: delivered at the first attempt,
 * or a failed attempt (an NDR with the model's reason), then the courier's own reattempt, or (with the features)
 * the shopper's answer and the seller's click, and delivered or back to the seller.
 */
async function drive(client: StoreClient, p: Placed, awb: string, features: boolean, counts: RunReport) {
  await client.outForDelivery(awb);
  const { u } = p.shopper;
  if (u.fail >= firstAttemptFails(rtoOf(p))) {
    await client.courier(awb, "advance");
    return;
  }
  counts.failedFirstAttempts += 1;
  const reason = ndrReason(p.shopper, p.addressFixed);
  await client.courier(awb, "fail", reason);
  const link = features && u.answer < MODEL.answersNdr ? await client.ndrLink(p.who.email) : null;
  if (!link) {
    // Nobody acts: the courier tries again on its own, and delivers this share.
    if (u.recover < MODEL.courierRecovers) await client.courier(awb, "deliver");
    else await client.backToSeller(awb);
    return;
  }
  counts.ndrAnswered += 1;
  if (reason === "refused" && u.cancel < MODEL.refusedCancels) {
    await client.answerNdr(link, { action: "cancel" });
    await client.actOnNdr(link.id, "return");
    await client.backToSeller(awb);
    return;
  }
  const page = await client.ndrPage(link);
  await client.answerNdr(link, {
    action: "reattempt",
    date: page.dates[0],
    ...(reason === "address_incomplete" && { delivery_address: p.who.correctedStreet }),
  });
  await client.actOnNdr(link.id, "reattempt");
  if (u.recover < MODEL.deliveredAfterAnswer[reason]) await client.courier(awb, "advance");
  else {
    await client.courier(awb, "fail", reason);
    await client.backToSeller(awb);
  }
}

/** A plain COD checkout, as every shopper of run A and the history place it. */
async function codCheckout(client: StoreClient, shopper: Shopper, who: Identity): Promise<CheckoutOutcome> {
  const orderId = await client.placeCodOrder({ ...who, pin: shopper.pin, product: client.products[shopper.product]! });
  return { kind: "cod", orderId };
}

/** Places, books and drives the orders of `shoppers`; with `features`, run B's steps where the store has them. */
async function runOrders(
  client: StoreClient,
  shoppers: readonly Shopper[],
  options: SimulationOptions,
  features: FeatureSteps | null,
  counts: RunReport,
): Promise<void> {
  const placed: Placed[] = [];
  await inPool(shoppers, options.concurrency, async (shopper) => {
    const who = identityOf(shopper);
    const outcome = await (features?.checkout ?? codCheckout)(client, shopper, who);
    if (outcome.kind === "lost") {
      counts.lostSales += 1;
      return;
    }
    counts.ordersPlaced += 1;
    let payment = outcome.kind;
    if (payment === "advance") counts.advancePaid += 1;
    if (payment === "prepaid") counts.prepaidAtCheckout += 1;
    if (features?.nudge && payment === "cod" && (await features.nudge(client, shopper, who, outcome.orderId)))
      payment = "prepaid";
    let addressFixed = false;
    if (features && shopper.badAddress && (await client.sendAddressCheck(outcome.orderId))) {
      counts.addressChecksSent += 1;
      if (shopper.u.addressCheck < MODEL.answersAddressCheck) {
        await client.answerAddressCheck(who.email, {
          action: "correct",
          delivery_address: who.correctedStreet,
          mobile_number: who.phone,
        });
        counts.addressesCorrected += 1;
        addressFixed = true;
      }
    }
    placed.push({ shopper, who, orderId: outcome.orderId, payment, addressFixed });
  });
  placed.sort((a, b) => a.shopper.index - b.shopper.index);
  options.log?.(`${placed.length} orders placed`);
  const awbs = await client.book(placed.map((p) => p.orderId));
  await inPool(placed, options.concurrency, (p) => drive(client, p, awbs.get(p.orderId)!, features !== null, counts));
  options.log?.(`${placed.length} parcels booked and driven to their end`);
}

/** The same shopper before: a first order, placed and driven without the features (the store's history). */
const asFirstOrder = (s: Shopper): Shopper => ({ ...s, repeat: false });

/**
 * One run on a store with the demo catalogue: the repeat shoppers' earlier orders first (so the store knows
 * them and has a history to learn from), then the simulated orders, without the features (`null`) or with them.
 */
export async function simulateRun(
  app: FastifyInstance,
  options: SimulationOptions,
  features: FeatureSteps | null,
): Promise<RunReport> {
  const client = await StoreClient.open(app, options.products);
  const shoppers = drawShoppers(options.seed, options.orders, options.products);
  const counts: RunReport = {
    run: features ? "with features" : "without features",
    shoppers: shoppers.length,
    ordersPlaced: 0,
    lostSales: 0,
    prepaidAtCheckout: 0,
    convertedByNudge: 0,
    advancePaid: 0,
    addressChecksSent: 0,
    addressesCorrected: 0,
    failedFirstAttempts: 0,
    ndrAnswered: 0,
    store: { delivered: 0, rto: 0, rtoRate: 0, freightLostMinor: 0, freightUnknown: 0 },
    wired: {
      checkoutRules: Boolean(features?.checkout),
      nudge: Boolean(features?.nudge),
      ndr: features !== null,
      addressChecks: features !== null,
    },
  };
  // Run A is the store with its RTO features off, as an owner can set them; run B keeps the defaults (on).
  await client.setRtoFeatures(features !== null);
  const history = { ...counts };
  options.log?.("history: the repeat shoppers' earlier orders");
  await runOrders(client, shoppers.filter((s) => s.repeat).map(asFirstOrder), options, null, history);
  options.log?.(`the ${shoppers.length} simulated orders, ${features ? "with" : "without"} the features`);
  await options.beforeOrders?.(client);
  const before = await client.outcomes();
  const convertedBefore = await client.nudgesConverted();
  await runOrders(client, shoppers, options, features, counts);
  const after = await client.outcomes();
  counts.store = difference(before, after);
  counts.convertedByNudge = (await client.nudgesConverted()) - convertedBefore;
  return counts;
}

/** What ended between two readings of the report (only this run's orders ended in between). */
function difference(before: DeliveryOutcomeTotals, after: DeliveryOutcomeTotals): RunReport["store"] {
  const delivered = after.delivered - before.delivered;
  const rto = after.rto - before.rto;
  return {
    delivered,
    rto,
    rtoRate: delivered + rto === 0 ? 0 : rto / (delivered + rto),
    freightLostMinor: after.rto_freight_minor - before.rto_freight_minor,
    freightUnknown: after.rto_freight_unknown - before.rto_freight_unknown,
  };
}
