import {
  categoryBySegment,
  listingFiltersFromUrl,
  listingParamsOf,
  listingPath,
  MESSAGES,
  PAGE_SIZE,
  showingText,
  SKELETON_COUNTS,
  SUBCATEGORIES,
  type Currency,
  type ListingFilters as ChosenFilters,
  type ProductListQuery,
  type ProductListResponse,
  CACHEABLE_PAGE_HEADERS,
} from "@store/shared";
import { data, isRouteErrorResponse, useLocation } from "react-router";
import { NotFoundContent } from "../components/layout/not-found-content";
import { bannerUrl } from "../components/product/category-banner";
import { Deferred } from "../lib/deferred";
import {
  CATEGORY_INTROS,
  titleCase,
  type ShopCategory,
  type ShopSubcategory,
} from "../components/product/category-copy";
import { ExploreMoreButton } from "../components/product/explore-more-button";
import { activeFilterCount, FiltersToggle, ListingFilters } from "../components/product/listing-filters";
import { ListingHeader } from "../components/product/listing-header";
import { ProductGrid, ProductGridSkeleton } from "../components/product/product-grid";
import { TradePricesNote, useTradeListPrices } from "../components/product/use-trade-list-prices";
import { useExploreMore } from "../components/product/use-explore-more";
import { api } from "../lib/api";
import { browserCurrency } from "../lib/currency";
import { logBoundaryError } from "../lib/log-failure";
import { jsonLd, pageMeta } from "../lib/seo";
import { breadcrumbList } from "../lib/structured-data";
import type { Route } from "./+types/listing";

interface Listing {
  category: ShopCategory;
  subcategory: ShopSubcategory | null;
}

/**
 * Spec: the category segment is lowercase, case-sensitive and decoded (React Router decodes params), and
 * an unknown one is not found; an unknown subcategory means no subcategory filter.
 */
function resolveListing(params: { category?: string; subCategory?: string }): Listing {
  const category = categoryBySegment(params.category ?? "");
  if (!category) throw data(null, { status: 404 });
  const subcategory = SUBCATEGORIES.find((s) => s.categoryId === category.id && s.name === params.subCategory) ?? null;
  return { category, subcategory };
}

function productsQuery(
  { category, subcategory }: Listing,
  currency: Currency,
  filters: ChosenFilters,
  page = 1,
): ProductListQuery {
  return {
    category_pk: category.id,
    sub_category_pk: subcategory?.id,
    page,
    page_size: PAGE_SIZE,
    currency,
    ...filters,
  };
}

/**
 * A page from the public API, with the sort and filters of the page's URL as they are (the API checks them,
 * so the browser needs no schema; the links and the form only make valid ones).
 */
function fetchProducts(listing: Listing, currency: Currency, search: string, page?: number) {
  const { category, subcategory } = listing;
  return api.get<ProductListResponse>("/api/get-all-products/", {
    category_pk: category.id,
    sub_category_pk: subcategory?.id,
    page,
    page_size: PAGE_SIZE,
    currency,
    ...listingParamsOf(new URLSearchParams(search)),
  });
}

/** First paint: the product grid is rendered on the server, from the catalogue service in process. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const listing = resolveListing(params);
  const currency = context.currency.currency;
  const filters = listingFiltersFromUrl(new URL(request.url).searchParams);
  const products: ProductListResponse | Promise<ProductListResponse> = await context.services.catalog.listProducts(
    productsQuery(listing, currency, filters),
  );
  return { ...listing, products, jsonLd: listingBreadcrumbs(listing) };
}

/** The listing's trail for search engines (decision 104), written by the server only. */
function listingBreadcrumbs({ category, subcategory }: Listing): string {
  const trail = [
    { name: "Home", path: "/" },
    { name: category.name, path: listingPath(category.segment) },
    ...(subcategory
      ? [{ name: titleCase(subcategory.name), path: listingPath(category.segment, subcategory.name) }]
      : []),
  ];
  return jsonLd(breadcrumbList(trail));
}

/** Client navigations: the same page from the public API, not awaited, so the skeleton grid shows at once. */
export function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const listing = resolveListing(params);
  const products: ProductListResponse | Promise<ProductListResponse> = fetchProducts(
    listing,
    browserCurrency(),
    new URL(request.url).search,
  );
  return { ...listing, products, jsonLd: null };
}

/** The same HTML for every visitor in one currency: the server may keep the rendered page (decision 044). */
export const headers = () => CACHEABLE_PAGE_HEADERS;

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Page not found" }, { name: "robots", content: "noindex" }];
  const { category, subcategory } = loaderData;
  const title = subcategory
    ? `${titleCase(subcategory.name)} | ${category.name}`
    : `${category.name}: handcrafted in Jaipur`;
  return pageMeta({
    title,
    description: CATEGORY_INTROS[category.id],
    path: listingPath(category.segment, subcategory?.name),
    image: bannerUrl(category.segment),
  });
}

export default function ListingPage({ loaderData }: Route.ComponentProps) {
  const { category, subcategory, products, jsonLd } = loaderData;
  const { pathname, search } = useLocation();
  return (
    <div className="mx-auto max-w-7xl px-4 pb-8 pt-6 sm:pt-8">
      {/* Written by the server for crawlers; a client navigation has none to show. */}
      {jsonLd && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />}
      <ListingHeader category={category} subcategory={subcategory} />
      <section aria-label="Products" className="group mt-10">
        <FiltersToggle active={activeFilterCount(new URLSearchParams(search))} />
        <Deferred
          value={products}
          resetKey={pathname + search}
          fallback={<ProductGridSkeleton count={SKELETON_COUNTS.category} />}
          errorElement={<ListingFailed />}
        >
          {(first) => (
            <ListingProducts
              key={pathname + search}
              first={first}
              listing={{ category, subcategory }}
              pathname={pathname}
              search={search}
            />
          )}
        </Deferred>
      </section>
    </div>
  );
}

function ListingProducts({
  first,
  listing,
  pathname,
  search,
}: {
  first: ProductListResponse;
  listing: Listing;
  pathname: string;
  search: string;
}) {
  // The first page says which currency its prices are in; further pages must match it, and keep the filters.
  const more = useExploreMore(first, (page) => fetchProducts(listing, first.currency, search, page));
  const shown = useTradeListPrices(more.products);
  const params = new URLSearchParams(search);
  const filters = (
    <ListingFilters facets={first.facets} params={params} pathname={pathname} currency={first.currency} />
  );
  const filtered = activeFilterCount(params) > 0;
  if (more.total === 0) {
    return (
      <>
        {filtered && filters}
        <p className="py-16 text-center text-lg">
          {filtered
            ? "No pieces match these filters. Try fewer, or clear them."
            : "New pieces for this collection are on the loom. Please check back soon."}
        </p>
      </>
    );
  }
  const label = listing.subcategory ? titleCase(listing.subcategory.name) : listing.category.name;
  return (
    <>
      {filters}
      {/* Spec: "Showing 1-N out of M", N at most 12 on the first page; after Explore More, the real count. */}
      <p aria-live="polite" className="mb-6 text-sm text-charcoal/80">
        {showingText(more.products.length, more.total)}
      </p>
      <TradePricesNote group={shown.group} />
      <ProductGrid
        products={shown.products}
        skeletons={more.pendingCount}
        label={`${label} products`}
        eagerImages
        headingLevel={2}
      />
      <ExploreMoreButton state={more} />
    </>
  );
}

function ListingFailed() {
  return (
    <p role="alert" className="py-16 text-center text-lg text-madder">
      {MESSAGES.categoryProductsFailed}
    </p>
  );
}

/** A 404 shows the not-found page (real 404 status); anything else the spec's failure text. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  logBoundaryError("Listing failed", error);
  return (
    <div className="mx-auto max-w-7xl px-4">
      <h1 className="sr-only">Products</h1>
      <ListingFailed />
    </div>
  );
}
