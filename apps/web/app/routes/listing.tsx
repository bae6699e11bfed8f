import {
  categoryBySegment,
  listingPath,
  MESSAGES,
  PAGE_SIZE,
  showingText,
  SKELETON_COUNTS,
  SUBCATEGORIES,
  type Currency,
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
import { ListingHeader } from "../components/product/listing-header";
import { ProductGrid, ProductGridSkeleton } from "../components/product/product-grid";
import { useExploreMore } from "../components/product/use-explore-more";
import { api } from "../lib/api";
import { browserCurrency } from "../lib/currency";
import { logBoundaryError } from "../lib/log-failure";
import { pageMeta } from "../lib/seo";
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

function productsQuery({ category, subcategory }: Listing, currency: Currency, page = 1): ProductListQuery {
  return { category_pk: category.id, sub_category_pk: subcategory?.id, page, page_size: PAGE_SIZE, currency };
}

function fetchProducts(listing: Listing, currency: Currency, page?: number) {
  return api.get<ProductListResponse>("/api/get-all-products/", productsQuery(listing, currency, page));
}

/** First paint: the product grid is rendered on the server, from the catalogue service in process. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const listing = resolveListing(params);
  const currency = context.currency.currency;
  const products: ProductListResponse | Promise<ProductListResponse> = await context.services.catalog.listProducts(
    productsQuery(listing, currency),
  );
  return { ...listing, products };
}

/** Client navigations: the same page from the public API, not awaited, so the skeleton grid shows at once. */
export function clientLoader({ params }: Route.ClientLoaderArgs) {
  const listing = resolveListing(params);
  const products: ProductListResponse | Promise<ProductListResponse> = fetchProducts(listing, browserCurrency());
  return { ...listing, products };
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
  const { category, subcategory, products } = loaderData;
  const { pathname } = useLocation();
  return (
    <div className="mx-auto max-w-7xl px-4 pb-8 pt-6 sm:pt-8">
      <ListingHeader category={category} subcategory={subcategory} />
      <section aria-label="Products" className="mt-10">
        <Deferred
          value={products}
          resetKey={pathname}
          fallback={<ProductGridSkeleton count={SKELETON_COUNTS.category} />}
          errorElement={<ListingFailed />}
        >
          {(first) => <ListingProducts key={pathname} first={first} listing={{ category, subcategory }} />}
        </Deferred>
      </section>
    </div>
  );
}

function ListingProducts({ first, listing }: { first: ProductListResponse; listing: Listing }) {
  // The first page says which currency its prices are in; further pages must match it.
  const more = useExploreMore(first, (page) => fetchProducts(listing, first.currency, page));
  if (more.total === 0) {
    return (
      <p className="py-16 text-center text-lg">
        New pieces for this collection are on the loom. Please check back soon.
      </p>
    );
  }
  const label = listing.subcategory ? titleCase(listing.subcategory.name) : listing.category.name;
  return (
    <>
      {/* Spec: "Showing 1-N out of M", N at most 12 on the first page; after Explore More, the real count. */}
      <p aria-live="polite" className="mb-6 text-sm text-charcoal/80">
        {showingText(more.products.length, more.total)}
      </p>
      <ProductGrid
        products={more.products}
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
