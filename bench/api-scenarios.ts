import type { Db } from "@store/server/db/client";
import { products } from "@store/server/schema";
import { asc, eq } from "drizzle-orm";
import { CEILING_PATH } from "./lib/app-server";
import type { LoadRequest } from "./lib/load";
import { COMMON_CASE, distinctQueries, rareWord, TYPO_CASE } from "./lib/search-cases";

/** "catalogue" reads carry the throughput target; the others are reported against the ceiling only. */
export type ScenarioGroup = "ceiling" | "catalogue" | "search" | "cart" | "events";

export interface Scenario {
  name: string;
  group: ScenarioGroup;
  requests: LoadRequest[];
  /** Every request takes the next of one list shared by all connections (see LoadSpec.sharedOrder). */
  sharedOrder?: boolean;
  /** How the requests were chosen, for the reader of the result file. */
  note: string;
}

/** A product's size-S prices in a currency, however the caller reads them (the app's service, or over HTTP). */
export type PriceOf = (id: number, currency: "INR" | "USD") => Promise<{ offer_price: number; mrp: number }>;

/** Product ids spread evenly over the active catalogue, so detail requests are not all one hot row. */
async function spreadProductIds(db: Db, n: number): Promise<number[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(asc(products.id));
  const step = Math.max(1, Math.floor(rows.length / n));
  return rows
    .filter((_, i) => i % step === 0)
    .slice(0, n)
    .map((r) => r.id);
}

/** Add-to-cart bodies with today's size-S prices (the server refuses a stale price with a 409). */
async function addToCartBodies(priceOf: PriceOf, ids: readonly number[]): Promise<LoadRequest[]> {
  return Promise.all(
    ids.map(async (id) => {
      const price = await priceOf(id, "USD");
      const body = {
        product_pk: id,
        size: "S",
        quantity: 1,
        offer_price: price.offer_price,
        mrp: price.mrp,
        is_direct_buy: false,
        cart_id: null,
        currency: "USD",
      };
      return {
        method: "POST",
        path: "/api/cart-items/",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      } as const;
    }),
  );
}

const searchPath = (query: string) => `/api/search?query=${encodeURIComponent(query)}`;
const search = (query: string): LoadRequest[] => [{ path: searchPath(query) }];

/** More than the search answer cache keeps (500), so every request of the "search distinct" row misses it. */
const DISTINCT_QUERIES = 2000;

/** What the scenarios are made of, read from the bench database (before a server that owns it starts). */
export interface ScenarioInputs {
  detailIds: number[];
  /** The add-to-cart products, which the checkout flow buys too. */
  cartIds: number[];
  rare: string;
  distinct: string[];
}

export async function scenarioInputs(db: Db): Promise<ScenarioInputs> {
  const detailIds = await spreadProductIds(db, 64);
  return {
    detailIds,
    cartIds: detailIds.filter((_, i) => i % 4 === 0),
    rare: await rareWord(db),
    distinct: await distinctQueries(db, DISTINCT_QUERIES),
  };
}

/** The endpoints to load, the ceiling first. */
export async function apiScenarios(
  { detailIds, cartIds, rare, distinct }: ScenarioInputs,
  priceOf: PriceOf,
): Promise<Scenario[]> {
  const scenarios: Scenario[] = [
    {
      name: "ceiling",
      group: "ceiling",
      requests: [{ path: CEILING_PATH }],
      note: "trivial JSON route on the same Fastify instance",
    },
    {
      name: "listing",
      group: "catalogue",
      requests: [{ path: "/api/get-all-products/?category_pk=1&page=1" }],
      note: "first page of the Women category (default page size)",
    },
    {
      name: "product detail",
      group: "catalogue",
      requests: detailIds.map((id) => ({ path: `/api/get-product-detail/?product_pk=${id}&size=S` })),
      note: `${detailIds.length} active products spread over the catalogue, in turn`,
    },
    {
      name: "top selling",
      group: "catalogue",
      requests: [{ path: "/api/product/get-top-selling-product/" }],
      note: "home page's popular grid",
    },
    { name: "search common", group: "search", requests: search(COMMON_CASE.query), note: `"${COMMON_CASE.query}"` },
    { name: "search rare", group: "search", requests: search(rare), note: `"${rare}" (a style code: one product)` },
    { name: "search typo", group: "search", requests: search(TYPO_CASE.query), note: `"${TYPO_CASE.query}"` },
    {
      name: "search distinct",
      group: "search",
      requests: distinct.map((q) => ({ path: searchPath(q) })),
      sharedOrder: true,
      note: `${distinct.length} distinct three-word queries from product names, each the next of one list: the uncached cost`,
    },
    {
      name: "add to cart",
      group: "cart",
      requests: await addToCartBodies(priceOf, cartIds),
      note: `POST without cart_id: a new guest cart per request, ${cartIds.length} products in turn`,
    },
    {
      name: "events",
      group: "events",
      requests: [EVENTS_BATCH],
      note: "POST /api/events: a page's batch of 4 events (visit, product view, search, add to cart), buffered and written in multi-row inserts",
    },
  ];
  return scenarios;
}

/** A storefront beacon's batch (decision 105), from a desktop browser's user agent (bots are not recorded). */
export const EVENTS_BATCH: LoadRequest = {
  method: "POST",
  path: "/api/events",
  headers: {
    "content-type": "application/json",
    "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
  },
  body: JSON.stringify({
    events: [
      { type: "visit", path: "/", referrer: "https://l.instagram.com/", utm_source: "instagram" },
      { type: "product_view", product_id: 1 },
      { type: "search", query: "kantha quilt", results: 12, product_ids: [1, 2, 3] },
      { type: "add_to_cart", product_id: 1 },
    ],
  }),
};
