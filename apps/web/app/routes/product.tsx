import {
  DEFAULT_SIZE,
  MESSAGES,
  type ProductDetailResponse,
  type ProductReviewsResponse,
  type ShippingPromise,
  CACHEABLE_PAGE_HEADERS,
} from "@store/shared";
import { Fragment } from "react";
import { data, isRouteErrorResponse } from "react-router";
import { NotFoundContent } from "../components/layout/not-found-content";
import { productPath } from "../components/product/product-card";
import { ProductDetails } from "../components/product/product-details";
import { productJsonLd } from "../components/product/product-json-ld";
import { ReviewsIsland } from "../components/product/reviews-island";
import { RelatedProducts } from "../components/product/related-products";
import { api, ApiError } from "../lib/api";
import { browserCurrency } from "../lib/currency";
import { logBoundaryError, logOnServer, type LogFailure } from "../lib/log-failure";
import { pageMeta } from "../lib/seo";
import { isServiceNotFound } from "../lib/service-errors";
import type { Route } from "./+types/product";

const MAX_ID = 2_147_483_647;

/** A shopper outside India reads the delivery promise abroad instead of the PIN code box (decision 080). */
const abroad = (country: string | null | undefined): country is string => !!country && country !== "IN";

/** Only a whole positive number can be a product; anything else (e.g. /product/abc) is not found. */
function productPk(param: string | undefined): number {
  const pk = /^\d{1,10}$/.test(param ?? "") ? Number(param) : 0;
  if (pk < 1 || pk > MAX_ID) throw data(null, { status: 404 });
  return pk;
}

/** An unknown product, from the service in process (AppError kind) or from the public API (status). */
function isNotFound(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 404 || error.status === 400;
  return isServiceNotFound(error);
}

async function orNotFound<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isNotFound(error)) throw data(null, { status: 404 });
    throw error;
  }
}

/**
 * The reviews are a section of the page: if they fail, the page shows without them (and says so in the log).
 * An unknown product is the page's own 404, not a failure of its reviews.
 */
async function softly(
  load: () => Promise<ProductReviewsResponse>,
  log: LogFailure,
): Promise<ProductReviewsResponse | null> {
  try {
    return await load();
  } catch (error) {
    // Through the request's logger: a page that logged a failure is never kept in the page cache.
    if (!isNotFound(error)) log("Product reviews failed", error);
    return null;
  }
}

/**
 * First paint: the product's details and the first page of its reviews (content search engines read), from
 * the services in process; related products load later, in the browser.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const product_pk = productPk(params.productId);
  const currency = context.currency.currency;
  const { country } = context;
  const [detail, reviews, promise, shipping] = await Promise.all([
    orNotFound(() => context.services.catalog.productDetail({ product_pk, size: DEFAULT_SIZE, currency })),
    softly(() => context.services.reviews.productReviews(product_pk, { page: 1 }), logOnServer(context.log)),
    abroad(country)
      ? context.services.checkout.shippingPromise({ productId: product_pk, country, currency }).catch((error) => {
          if (!isNotFound(error)) logOnServer(context.log)("Delivery promise failed", error);
          return null;
        })
      : null,
    // The structured data's shipping rates: without them the page (and its offer) still shows.
    context.services.checkout.shippingOffers({ productId: product_pk, currency }).catch((error) => {
      if (!isNotFound(error)) logOnServer(context.log)("Shipping offers failed", error);
      return null;
    }),
  ]);
  return {
    product: detail.data,
    related: null,
    reviews,
    promise,
    jsonLd: productJsonLd(detail.data, reviews?.data ?? [], shipping),
  };
}

/**
 * Client navigations: the product from the public API, whose answer already carries the related products;
 * the reviews section then loads its own first page, so it never holds up the page.
 */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const product_pk = productPk(params.productId);
  const currency = browserCurrency();
  const query = { product_pk, size: DEFAULT_SIZE, currency };
  const country = document.documentElement.dataset.country;
  const [detail, promise] = await Promise.all([
    orNotFound(() => api.get<ProductDetailResponse>("/api/get-product-detail/", query)),
    abroad(country)
      ? api.get<ShippingPromise>("/api/shipping-promise/", { product_pk, country, currency }).catch(() => null)
      : null,
  ]);
  return { product: detail.data, related: detail.related_product, reviews: undefined, promise, jsonLd: null };
}

/** The same HTML for every visitor in one currency: the server may keep the rendered page (decision 044). */
export const headers = () => CACHEABLE_PAGE_HEADERS;

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Product not found" }, { name: "robots", content: "noindex" }];
  const { product } = loaderData;
  // The seller's SEO texts win when set (issue 13 point 7); otherwise the name and the description's start.
  const text = product.seo_description || product.description;
  const description = text.length > 155 ? `${text.slice(0, 152).trimEnd()}...` : text;
  return pageMeta({
    title: product.seo_title || product.name,
    description,
    path: productPath(product.id),
    image: product.main_image,
    type: "product",
  });
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, related, reviews, promise, jsonLd } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 pb-8 pt-6 sm:pt-8">
      {/* Written by the server for crawlers; a client navigation has none to show. */}
      {jsonLd?.map((ld) => (
        <script key={ld} type="application/ld+json" dangerouslySetInnerHTML={{ __html: ld }} />
      ))}
      {/* Keyed by product: another product starts from its own size S, first image, reviews and related pieces,
          while its data reloaded in another currency keeps the size the shopper chose (ProductDetails). */}
      <Fragment key={product.id}>
        <ProductDetails initial={product} promise={promise} />
        <ReviewsIsland productId={product.id} initial={reviews} />
        <RelatedProducts
          productId={product.id}
          productCode={product.product_code}
          currency={product.currency}
          preloaded={related}
        />
      </Fragment>
    </div>
  );
}

/** Spec: a failed product load shows 'Failed to load product data...' and the not-found page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!(isRouteErrorResponse(error) && error.status === 404)) logBoundaryError("Product page failed", error);
  return (
    <>
      <p
        role="alert"
        className="mx-auto mt-10 max-w-2xl rounded-xl border border-madder/30 bg-white px-4 py-3 text-center text-madder"
      >
        {MESSAGES.productDetailFailed}
      </p>
      <NotFoundContent />
    </>
  );
}
