import type { ShippingOffer } from "@store/shared";
import { jsonLd } from "../../lib/seo";
import { countriesAbroad, merchantReturnPolicies, shippingServices } from "../../lib/structured-data";
import { organizationJsonLd } from "../contact/organization";

/**
 * The shop as schema.org OnlineStore (an Organization) with its shop-wide policies: returns, and shipping by
 * each method where the rates could be read (`offers` null: without them). Built by the home page's server
 * loader only, so none of it reaches the browser's first load (decision 104).
 */
export function onlineStoreJsonLd(offers: readonly ShippingOffer[] | null): string {
  return jsonLd({
    ...organizationJsonLd(),
    "@type": "OnlineStore",
    hasMerchantReturnPolicy: merchantReturnPolicies(countriesAbroad(offers ?? [])),
    ...(offers && { hasShippingService: shippingServices(offers) }),
  });
}
