import type { Db } from "@store/server/db/client";
import { products, productVariants } from "@store/server/schema";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { fileURLToPath } from "node:url";
import type { PriceOf } from "./api-scenarios";
import { runChildJson } from "./lib/child-json";
import type { LoopReport } from "./lib/shopper-loop";

export type FlowStep = "add to cart" | "create order" | "simulator pay" | "verify";

export interface FlowProduct {
  id: number;
  /** Size S in INR, as the product page shows it. */
  offerPrice: number;
  mrp: number;
}

export interface FlowSpec {
  origin: string;
  /** The card provider's simulator, in a process of its own (lib/provider-child.ts). */
  providerOrigin: string;
  loops: number;
  durationSeconds: number;
  warmupSeconds: number;
  timeoutSeconds: number;
  acceptEncoding: string;
  products: FlowProduct[];
  delivery: Record<string, string>;
}

export type FlowReport = LoopReport<FlowStep>;

export type FlowResult =
  | ({ status: "ok"; loops: number; durationSeconds: number } & FlowReport)
  | { status: "not available" | "skipped"; reason: string };

/** The spec's checkout calls; the flow runs only when the server has them (the provider's "Pay now" is elsewhere). */
const ROUTES = ["/api/create-order/", "/api/verify-payment/"] as const;
/** Enough pieces that a run never sells out (each flow buys one); only the bench's own database is touched. */
const BENCH_STOCK = 100_000;
export const DELIVERY = {
  name: "Bench Shopper",
  delivery_address: "1 Johari Bazaar",
  country_code: "+91",
  mobile_number: "+91 98290 00000",
  pin_code: "302003",
  city: "Jaipur",
  state: "Rajasthan",
  comment: "",
  email: "bench@example.in",
};
const runner = fileURLToPath(new URL("./lib/flow-runner.ts", import.meta.url));

/** Gives the flow's products stock enough for the run (size S); only the bench's own database is touched. */
export async function stockFlowProducts(db: Db, productIds: readonly number[]): Promise<void> {
  await db
    .update(productVariants)
    .set({ stock: BENCH_STOCK })
    .where(and(inArray(productVariants.productId, [...productIds]), eq(productVariants.size, "S")));
}

/** The catalogue's first active product with a size S, stocked for the flow and priced as its page shows it. */
export async function firstFlowProduct(app: FastifyInstance): Promise<FlowProduct> {
  const [first] = await app.database.db
    .select({ id: products.id })
    .from(products)
    .innerJoin(productVariants, and(eq(productVariants.productId, products.id), eq(productVariants.size, "S")))
    .where(eq(products.isActive, true))
    .orderBy(asc(products.id))
    .limit(1);
  if (!first) throw new Error("no product to buy: run bench:seed on this database first");
  await stockFlowProducts(app.database.db, [first.id]);
  const [product] = await flowProducts([first.id], async (id, currency) => {
    return (await app.services.catalog.productDetail({ product_pk: id, size: "S", currency })).data;
  });
  return product!;
}

/** The flow's products with their INR prices, as the product page shows them. */
export async function flowProducts(productIds: readonly number[], priceOf: PriceOf): Promise<FlowProduct[]> {
  return Promise.all(
    productIds.map(async (id) => {
      const price = await priceOf(id, "INR");
      return { id, offerPrice: price.offer_price, mrp: price.mrp };
    }),
  );
}

/** Why an in-process server cannot run the flow: a route it lacks. Reported as "not available", never a made-up number. */
export function missingCheckoutRoutes(app: FastifyInstance): string | null {
  // With ignoreTrailingSlash, Fastify stores "/api/create-order/" without its slash: ask for both forms.
  const has = (url: string) =>
    [url, url.replace(/\/$/, "")].some((form) => app.hasRoute({ method: "POST", url: form }));
  const missing = ROUTES.filter((url) => !has(url));
  return missing.length > 0 ? `the server has no POST ${missing.join(", ")}` : null;
}

/**
 * A full card checkout per iteration (add to cart, create order, pay in the provider's simulator, verify),
 * `loops` shoppers at once, in a child process. The store at `origin` pays through the provider process at
 * `providerOrigin` (lib/provider-child.ts).
 */
export async function checkoutFlow(
  origin: string,
  providerOrigin: string,
  options: {
    loops: number;
    durationSeconds: number;
    warmupSeconds: number;
    products: FlowProduct[];
    acceptEncoding: string;
  },
  /** Called when the shoppers' warm-up ends and their flows start to count. */
  onRecording?: () => void,
): Promise<FlowResult> {
  const spec: FlowSpec = {
    origin,
    providerOrigin,
    loops: options.loops,
    durationSeconds: options.durationSeconds,
    warmupSeconds: options.warmupSeconds,
    timeoutSeconds: 10,
    acceptEncoding: options.acceptEncoding,
    products: options.products,
    delivery: DELIVERY,
  };
  const report = await runChildJson<FlowReport>(
    runner,
    spec,
    (options.warmupSeconds + options.durationSeconds + 60) * 1000,
    (message) => message === "recording" && onRecording?.(),
  );
  return { status: "ok", loops: options.loops, durationSeconds: options.durationSeconds, ...report };
}
