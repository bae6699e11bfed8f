import { RATING_MAX, SELLER, type ProductDetail, type ProductReview } from "@store/shared";
import { jsonLd } from "../../lib/seo";
import { productPath } from "./product-card";

function absolute(url: string): string {
  return url.startsWith("http") ? url : `${SELLER.website}${url}`;
}

/** The reviews search engines are shown: a few of the first page's, which the page itself shows too. */
const JSON_LD_REVIEWS = 5;

/**
 * schema.org Product with its offer, its rating (from the approved reviews, omitted while there are none)
 * and a few of those reviews, so search engines can show price, stock and stars. Built by the server's
 * loader only, so this code stays out of the browser's first load (crawlers read the server's page).
 */
export function productJsonLd(product: ProductDetail, reviews: readonly ProductReview[]): string {
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
  return jsonLd(data);
}
