import { products } from "@store/server/schema";
import { asc, eq } from "drizzle-orm";
import { CEILING_PATH, type BenchServer } from "./lib/app-server";
import type { LoadRequest } from "./lib/load";
import { COMMON_CASE, distinctQueries, rareWord, TYPO_CASE } from "./lib/search-cases";

/** "catalogue" reads carry the throughput target; the others are reported against the ceiling only. */
export type ScenarioGroup = "ceiling" | "catalogue" | "search" | "cart";

export interface Scenario {
  name: string;
  group: ScenarioGroup;
  requests: LoadRequest[];
  /** Every request takes the next of one list shared by all connections (see LoadSpec.sharedOrder). */
  sharedOrder?: boolean;
  /** How the requests were chosen, for the reader of the result file. */
  note: string;
}

/** Product ids spread evenly over the active catalogue, so detail requests are not all one hot row. */
async function spreadProductIds(server: BenchServer, n: number): Promise<number[]> {
  const rows = await server.app.database.db
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
async function addToCartBodies(server: BenchServer, ids: readonly number[]): Promise<LoadRequest[]> {
  const catalog = server.app.services.catalog;
  return Promise.all(
    ids.map(async (id) => {
      const { data } = await catalog.productDetail({ product_pk: id, size: "S", currency: "USD" });
      const body = {
        product_pk: id,
        size: "S",
        quantity: 1,
        offer_price: data.offer_price,
        mrp: data.mrp,
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

/** The endpoints to load, and the products the checkout flow buys (the add-to-cart ones). */
export async function apiScenarios(
  server: BenchServer,
): Promise<{ scenarios: Scenario[]; checkoutProductIds: number[] }> {
  const detailIds = await spreadProductIds(server, 64);
  const cartIds = detailIds.filter((_, i) => i % 4 === 0);
  const rare = await rareWord(server.app.database.db);
  const distinct = await distinctQueries(server.app.database.db, DISTINCT_QUERIES);
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
      requests: await addToCartBodies(server, cartIds),
      note: `POST without cart_id: a new guest cart per request, ${cartIds.length} products in turn`,
    },
  ];
  return { scenarios, checkoutProductIds: cartIds };
}
