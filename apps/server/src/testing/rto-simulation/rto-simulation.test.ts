import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { createListeningTestApp } from "../../modules/checkout/test-support";
import { FEATURE_STEPS } from "./features";
import { simulateRun, type RunReport } from "./simulation";
import type { StoreClient } from "./store-client";

/**
 * The RTO simulation of `npm run bench:rto` (bench/rto-simulation.ts, decision 095) at 40 orders: the same code
 * path end to end on two fresh stores, so the benchmark keeps working; and the features move the figures the
 * way they should.
 */
const OPTIONS = { seed: 43, orders: 40, products: 4, concurrency: 4 };

/**
 * Forty orders leave too little history for the defaults (five parcels a PIN code): run B also gets two of the
 * seller's own rules, so the advance and the refusal are exercised.
 */
const SELLER_RULES = [
  { scope: "pincode", key: "110001", action: "advance", advance_percent: 10, advance_min_minor: 10_000 },
  { scope: "pincode", key: "400001", action: "advance", advance_percent: 10, advance_min_minor: 10_000 },
  { scope: "pincode", key: "560001", action: "prepaid_only" },
  { scope: "pincode", key: "600001", action: "prepaid_only" },
  { scope: "pincode", key: "500001", action: "prepaid_only" },
  { scope: "pincode", key: "700001", action: "prepaid_only" },
];
const sellerRules = async (client: StoreClient) => {
  for (const rule of SELLER_RULES) await client.asSeller("POST", "/api/admin/cod-rules", rule, [200, 201]);
};

async function run(features: typeof FEATURE_STEPS | null): Promise<RunReport> {
  const app: FastifyInstance = await createListeningTestApp();
  try {
    return await simulateRun(app, { ...OPTIONS, ...(features && { beforeOrders: sellerRules }) }, features);
  } finally {
    await app.services.shipping.gateway.simulator?.settled();
    await app.close();
  }
}

let without: RunReport;
let withFeatures: RunReport;
beforeAll(async () => {
  without = await run(null);
  withFeatures = await run(FEATURE_STEPS);
}, 240_000);

describe("the RTO simulation (40 seeded orders)", () => {
  it("reads every placed order's end from the store's delivery outcomes, with the courier's freight", () => {
    for (const r of [without, withFeatures]) {
      expect(r.ordersPlaced + r.lostSales).toBe(40);
      expect(r.store.delivered + r.store.rto).toBe(r.ordersPlaced);
      expect(r.store.freightUnknown).toBe(0);
      expect(r.store.rto).toBeGreaterThan(0);
      expect(r.store.freightLostMinor).toBeGreaterThan(0);
    }
    expect(without.ndrAnswered).toBe(0);
    expect(without.convertedByNudge + without.advancePaid + without.prepaidAtCheckout + without.lostSales).toBe(0);
    expect(without.addressChecksSent).toBe(0);
  });

  it("with the features, shoppers answer failed deliveries and fewer parcels come back, losing less freight", () => {
    expect(withFeatures.failedFirstAttempts).toBeGreaterThan(0);
    expect(withFeatures.wired).toEqual({ checkoutRules: true, nudge: true, ndr: true, addressChecks: true });
    expect(withFeatures.convertedByNudge).toBeGreaterThan(0);
    expect(withFeatures.advancePaid).toBeGreaterThan(0);
    expect(withFeatures.prepaidAtCheckout + withFeatures.lostSales).toBeGreaterThan(0);
    expect(withFeatures.ndrAnswered).toBeGreaterThan(0);
    expect(withFeatures.store.rtoRate).toBeLessThan(without.store.rtoRate);
    expect(withFeatures.store.freightLostMinor).toBeLessThan(without.store.freightLostMinor);
  });
});
