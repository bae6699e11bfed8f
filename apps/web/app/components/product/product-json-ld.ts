import {
  listingPath,
  RATING_MAX,
  SELLER,
  type ProductDetail,
  type ProductReview,
  type ShippingOffer,
} from "@store/shared";
import { jsonLd } from "../../lib/seo";
import {
  absoluteUrl as absolute,
  breadcrumbList,
  countriesAbroad,
  merchantReturnPolicies,
  offerShippingDetails,
} from "../../lib/structured-data";
import { titleCase } from "./category-copy";
import { productPath } from "./product-card";

/** The reviews search engines are shown: a few of the first page's, which the page itself shows too. */
const JSON_LD_REVIEWS = 5;

/**
 * schema.org Product with its offer (its shipping by each method and destination, and its return policy),
 * its rating (from the approved reviews, omitted while there are none) and a few of those reviews, so search
 * engines can show price, stock, delivery, returns and stars; then the page's breadcrumbs. Built by the
 * server's loader only, so this code stays out of the browser's first load (crawlers read the server's page).
 * `shipping`: null when the rates could not be read (the offer then goes without them).
 */
export function productJsonLd(
  product: ProductDetail,
  reviews: readonly ProductReview[],
  shipping: readonly ShippingOffer[] | null,
): string[] {
  const made = product.made_to_order;
  const data = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.seo_description || product.description,
    sku: String(product.product_code),
    image: (product.images.length > 0 ? product.images.map((i) => i.url) : [product.main_image]).map(absolute),
    brand: { "@type": "Brand", name: SELLER.brand },
    category: product.subcategory ? `${product.category.name} > ${product.subcategory.name}` : product.category.name,
    offers: {
      "@type": "Offer",
      url: absolute(productPath(product.id)),
      price: product.offer_price,
      priceCurrency: product.currency,
      availability: product.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
      seller: { "@type": "Organization", name: SELLER.legalName },
      ...(shipping && { shippingDetails: offerShippingDetails(shipping, made?.days ?? null) }),
      hasMerchantReturnPolicy: merchantReturnPolicies(countriesAbroad(shipping ?? []), made?.returnable ?? true),
    },
    ...(product.review_count > 0 && {
      aggregateRating: {
        "@type": "AggregateRating",
        ratingValue: product.rating,
        reviewCount: product.review_count,
        bestRating: RATING_MAX,
        worstRating: 1,
      },
    }),
    ...(reviews.length > 0 && {
      review: reviews.slice(0, JSON_LD_REVIEWS).map((r) => ({
        "@type": "Review",
        author: { "@type": "Person", name: r.name },
        datePublished: r.date.slice(0, 10),
        name: r.title,
        reviewBody: r.body,
        reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: RATING_MAX, worstRating: 1 },
      })),
    }),
  };
  const category = { name: product.category.name, path: listingPath(product.category.slug) };
  const trail = [
    { name: "Home", path: "/" },
    category,
    ...(product.subcategory
      ? [
          {
            name: titleCase(product.subcategory.name),
            path: listingPath(product.category.slug, product.subcategory.name),
          },
        ]
      : []),
    { name: product.name, path: productPath(product.id) },
  ];
  return [jsonLd(data), jsonLd(breadcrumbList(trail))];
}
