import {
  MESSAGES,
  NUMBERS_SEARCH_IDS_MAX,
  PAGE_SIZE,
  searchHeading,
  SKELETON_COUNTS,
  type Currency,
  type SearchQuery,
  type SearchResponse,
} from "@store/shared";
import { useEffect } from "react";
import { useLocation } from "react-router";
import { Deferred } from "../lib/deferred";
import { ExploreMoreButton } from "../components/product/explore-more-button";
import { ProductGrid, ProductGridSkeleton } from "../components/product/product-grid";
import { TradePricesNote, useTradeListPrices } from "../components/product/use-trade-list-prices";
import { SearchForm } from "../components/product/search-form";
import { useExploreMore } from "../components/product/use-explore-more";
import { api } from "../lib/api";
import { browserCurrency } from "../lib/currency";
import { logBoundaryError } from "../lib/log-failure";
import { note } from "../lib/numbers";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/search";

function queryOf(request: Request): string {
  return (new URL(request.url).searchParams.get("query") ?? "").trim();
}

function searchQuery(query: string, currency: Currency, page = 1): SearchQuery {
  return { query, page, page_size: PAGE_SIZE, currency };
}

function fetchResults(query: string, currency: Currency, page?: number): Promise<SearchResponse> {
  return api.get<SearchResponse>("/api/search", searchQuery(query, currency, page));
}

/** Spec: the search only runs for a non-empty query. First paint: results from the search service in process. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = queryOf(request);
  const currency = context.currency.currency;
  const results: SearchResponse | Promise<SearchResponse> | null = query
    ? await context.services.search.search(searchQuery(query, currency))
    : null;
  return { query, results };
}

/** A new query in the browser: the public API, not awaited, so the skeletons show while it runs. */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = queryOf(request);
  const results: SearchResponse | Promise<SearchResponse> | null = query
    ? fetchResults(query, browserCurrency()).catch((error: unknown) => {
        console.error("Search failed", error);
        throw error;
      })
    : null;
  return { query, results };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const query = loaderData?.query ?? "";
  return [
    ...pageMeta({
      title: query ? searchHeading(query) : "Search",
      description: "Search hand block printed clothing, home decor and accessories made in Jaipur.",
      path: "/search",
    }),
    // Result pages are endless variations of the catalogue; the product and listing pages are what to index.
    { name: "robots", content: "noindex, follow" },
  ];
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, results } = loaderData;
  const { search } = useLocation();
  return (
    <div className="mx-auto max-w-7xl px-4 pb-8 pt-10 sm:pt-14">
      <div className="flex flex-col items-center gap-6 text-center">
        <h1 className="text-4xl font-semibold text-indigo-ink sm:text-5xl">Search the shop</h1>
        <SearchForm query={query} />
      </div>
      <section aria-label="Search results" className="mt-12">
        {results === null ? (
          <p className="py-10 text-center text-lg text-charcoal/85">
            Type what you are looking for: a print, a colour, a craft or a product.
          </p>
        ) : (
          <Deferred
            value={results}
            resetKey={search}
            fallback={<ProductGridSkeleton count={SKELETON_COUNTS.search} label="Searching" />}
            errorElement={<SearchMessage alert text={MESSAGES.searchFailed} />}
          >
            {(first) => <SearchResults key={search} query={query} first={first} />}
          </Deferred>
        )}
      </section>
    </div>
  );
}

function SearchResults({ query, first }: { query: string; first: SearchResponse }) {
  // The answer says which currency its prices are in; further pages must match it.
  const more = useExploreMore(first, (page) => fetchResults(query, first.currency, page));
  const shown = useTradeListPrices(more.products);
  // The seller's numbers (decision 105): what was searched, how much was found, and the first page's products.
  useEffect(
    () =>
      note({
        type: "search",
        query,
        results: first.total,
        product_ids: first.data.slice(0, NUMBERS_SEARCH_IDS_MAX).map((p) => p.id),
      }),
    [query, first],
  );
  if (more.products.length === 0) return <SearchMessage text={MESSAGES.searchEmpty} />;
  return (
    <>
      <h2 className="mb-2 text-2xl font-semibold text-indigo-ink sm:text-3xl">{searchHeading(query)}</h2>
      <p aria-live="polite" className="mb-8 text-sm text-charcoal/80">
        {resultCount(more.total, first.total_is_capped)}
      </p>
      <TradePricesNote group={shown.group} />
      <ProductGrid products={shown.products} skeletons={more.pendingCount} label={`Results for ${query}`} eagerImages />
      <ExploreMoreButton state={more} failedText={MESSAGES.searchFailed} />
    </>
  );
}

/** "12 products found"; where the server stopped counting, "1,000+ products found". */
function resultCount(total: number, capped: boolean): string {
  if (capped) return `${total.toLocaleString("en-US")}+ products found`;
  return `${total} ${total === 1 ? "product" : "products"} found`;
}

function SearchMessage({ text, alert = false }: { text: string; alert?: boolean }) {
  return (
    <p role={alert ? "alert" : "status"} className={`py-10 text-center text-lg ${alert ? "text-madder" : ""}`}>
      {text}
    </p>
  );
}

/** A failure of the first, server-rendered search: the spec's text, with the form still there to try again. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  logBoundaryError("Search failed", error);
  return (
    <div className="mx-auto flex max-w-7xl flex-col items-center gap-6 px-4 pt-10 text-center">
      <h1 className="text-4xl font-semibold text-indigo-ink">Search the shop</h1>
      <SearchForm query="" />
      <SearchMessage alert text={MESSAGES.searchFailed} />
    </div>
  );
}
