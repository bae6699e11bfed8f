import {
  listingPath,
  MESSAGES,
  TIMINGS_MS,
  type ProductDetail,
  type ProductDetailResponse,
  type ProductSize,
  namedSizePhrase,
  type ShippingPromise,
} from "@store/shared";
import { use, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { api } from "../../lib/api";
import { ServerPartsContext } from "../../lib/server-parts";
import { ProductPurchase } from "../cart/product-purchase";
import { useDebouncedValue } from "../../lib/debounce";
import { Price, savingPercent } from "../ui/price";
import { RatingStars } from "../ui/rating-stars";
import { Breadcrumbs } from "./breadcrumbs";
import { KeptHtml } from "../layout/kept-html";
import { ProductGallery } from "./product-gallery";
import { DeliverTo } from "../delivery/deliver-to";
import { DeliveryPromise } from "../delivery/delivery-promise";
import { loadBackInStock } from "./back-in-stock-slot";
import { SizeChartButton } from "./size-chart";
import { SizeSelector } from "./size-selector";
import { StockStatus } from "./stock-status";
import { WishlistHeart } from "./wishlist-heart";
import { TradeTermsLine, useTradeTerms } from "./trade-terms";

/** The shop's promises under the details: the server's HTML, kept (their code loads on a client navigation). */
const loadPromises = () => import("./product-promises").then((module) => module.ProductPromises);

/**
 * Spec: the detail is fetched again when the size changes, debounced by 1 s. Until the new size's data
 * arrives the page keeps showing what it has, with a note that the price is being updated.
 * The size is the shopper's alone: nothing fetched ever sets it. When the route's data is loaded again in
 * another currency (a currency switch revalidates it, priced for size S) the page shows that data and
 * fetches the chosen size in the new currency; an answer to a request since superseded is dropped.
 */
function useSizedDetail(initial: ProductDetail) {
  const [fetched, setDetail] = useState(initial);
  // Derived rather than copied into state, so the data of the old currency never paints after a switch.
  const detail = fetched.currency === initial.currency ? fetched : initial;
  // A link may name the size to open on (the back-in-stock e-mail's); one the product is not sold in is ignored.
  const [params] = useSearchParams();
  const linked = initial.sizes.find((s) => s.size === params.get("size"))?.size;
  const [size, setSize] = useState<ProductSize>(linked ?? initial.size);
  const [failed, setFailed] = useState(false);
  const wanted = useDebouncedValue(size, TIMINGS_MS.productDetailDebounce);

  useEffect(() => {
    if (wanted === detail.size) return;
    const controller = new AbortController();
    api
      .get<ProductDetailResponse>(
        "/api/get-product-detail/",
        { product_pk: detail.id, size: wanted, currency: detail.currency },
        { signal: controller.signal },
      )
      .then(
        (response) => {
          setDetail(response.data);
          setFailed(false);
        },
        (error: unknown) => {
          // Superseded (another size wanted, or the data reloaded in another currency): not a failure. An answer
          // that lands just as it is superseded only sets `detail`, whose change asks again for the wanted size.
          if (controller.signal.aborted) return;
          console.error("Product detail refresh failed", error);
          setFailed(true);
        },
      );
    return () => controller.abort();
    // `detail` is either state or the route's data: a new object only when one of them changes.
  }, [wanted, detail]);

  return { detail, size, setSize, updating: size !== detail.size && !failed, failed };
}

export function ProductDetails({
  initial,
  promise = null,
}: {
  initial: ProductDetail;
  /** The delivery promise abroad from the loader (decision 080); null: India's PIN code box. */
  promise?: ShippingPromise | null;
}) {
  const { detail: sized, size, setSize, updating, failed } = useSizedDetail(initial);
  const server = use(ServerPartsContext);
  // An approved trade buyer sees, and adds to the cart at, the trade price (decision 097).
  const trade = useTradeTerms(sized.id, sized.currency);
  const tradeOffer = trade?.prices[sized.size];
  const detail = tradeOffer === undefined ? sized : { ...sized, offer_price: tradeOffer };
  const sizeNames = Object.fromEntries(detail.sizes.map((s) => [s.size, s.size_name]));
  // A sold-out size shows the back-in-stock form once its details come: its code starts loading now.
  function chooseSize(next: ProductSize) {
    setSize(next);
    if (detail.sizes.find((s) => s.size === next)?.stock === 0) void loadBackInStock();
  }
  const saving = savingPercent(detail.offer_price, detail.mrp);
  const images = detail.images.length > 0 ? detail.images : [{ url: detail.main_image, alt: detail.name }];
  const crumbs = [
    { label: "Home", to: "/" },
    { label: detail.category.name, to: listingPath(detail.category.slug) },
    ...(detail.subcategory
      ? [{ label: detail.subcategory.name, to: listingPath(detail.category.slug, detail.subcategory.name) }]
      : []),
    { label: detail.name },
  ];

  return (
    <>
      <Breadcrumbs items={crumbs} />
      <div className="mt-6 grid gap-10 lg:grid-cols-2 lg:gap-16">
        <div className="lg:sticky lg:top-24 lg:self-start">
          <ProductGallery key={detail.id} images={images} name={detail.name} />
        </div>
        <div className="flex flex-col gap-6">
          <div>
            <p className="text-sm font-medium uppercase tracking-widest text-madder">{detail.category.name}</p>
            <div className="mt-2 flex items-start justify-between gap-4">
              <h1 className="text-3xl font-semibold leading-tight text-indigo-ink sm:text-4xl">{detail.name}</h1>
              <WishlistHeart
                productId={detail.id}
                name={detail.name}
                size={size}
                className="shrink-0 border border-linen"
              />
            </div>
            <p className="mt-3 flex items-center gap-2 text-sm text-charcoal/80">
              <RatingStars rating={detail.rating} size="md" />
              <a href="#reviews" className="underline-offset-4 hover:underline">
                {detail.review_count} {detail.review_count === 1 ? "review" : "reviews"}
              </a>
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <Price offer={detail.offer_price} mrp={detail.mrp} currency={detail.currency} size="lg" />
            {saving > 0 && (
              <span className="rounded-full bg-madder px-3 py-1 text-sm font-semibold text-white">
                You save {saving}%
              </span>
            )}
          </div>
          {trade && <TradeTermsLine trade={trade} />}
          <StockStatus stock={detail.stock} />
          <div className="relative">
            <SizeSelector sizes={detail.sizes} value={size} onChange={chooseSize} />
            {/* Beside the group, not in it: the chart's table names the sizes too. */}
            {detail.size_chart && (
              <div className="absolute right-0 top-0">
                <SizeChartButton chart={detail.size_chart} names={sizeNames} productName={detail.name} />
              </div>
            )}
          </div>
          <p aria-live="polite" className="min-h-5 text-sm text-charcoal/80">
            {updating && `Updating the price for ${namedSizePhrase(size, sizeNames[size], false)}...`}
            {failed && <span className="text-madder">{MESSAGES.productDetailFailed}</span>}
          </p>
          <ProductPurchase product={detail} updating={updating} />
          {promise ? <DeliveryPromise promise={promise} /> : <DeliverTo currency={detail.currency} />}
          <section aria-labelledby="description-heading">
            <h2 id="description-heading" className="text-xl font-semibold text-indigo-ink">
              About this piece
            </h2>
            <div className="mt-3 space-y-3 leading-relaxed text-charcoal/90">
              {detail.description.split(/\n{2,}/).map((paragraph, i) => (
                <p key={i}>{paragraph}</p>
              ))}
            </div>
          </section>
          <KeptHtml as="div" server={server?.ProductPromises} load={loadPromises} />
        </div>
      </div>
    </>
  );
}
