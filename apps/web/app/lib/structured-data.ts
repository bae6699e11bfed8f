import { RETURN_WINDOW_HOURS, WEBSITE, type ShippingOffer } from "@store/shared";

/**
 * schema.org pieces shared by the pages' JSON-LD (decision 104): breadcrumbs, return policies and shipping.
 * Built by the server's loaders only, so none of it reaches the browser's first load.
 */

const SCHEMA = "https://schema.org/";

/** Where the shop is and where returned parcels go back to (ISO 3166-1 alpha-2). */
const HOME_COUNTRY = "IN";

/**
 * The spec's window is 48 hours from delivery; schema.org counts whole days from the delivery date, and 48
 * hours is exactly 2 of them (rounding up would promise a day the shop does not give).
 */
export const RETURN_DAYS = Math.floor(RETURN_WINDOW_HOURS / 24);

/** Google reads at most 50 countries per return policy. */
const COUNTRIES_PER_POLICY = 50;

/**
 * Days from order to dispatch: a piece in stock is packed by the next business day; a made-to-order piece
 * once made (its lead time, decision 099).
 */
export function handlingDays(madeToOrderDays: number | null): { earliest: number; latest: number } {
  return madeToOrderDays === null
    ? { earliest: 0, latest: 1 }
    : { earliest: madeToOrderDays, latest: madeToOrderDays + 1 };
}

export const absoluteUrl = (path: string) => (path.startsWith("http") ? path : `${WEBSITE}${path}`);

/** A BreadcrumbList of the page's trail, from the home page to the page itself. */
export function breadcrumbList(trail: readonly { name: string; path: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((step, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: step.name,
      item: absoluteUrl(step.path),
    })),
  };
}

const days = (range: { earliest: number; latest: number }) => ({
  "@type": "QuantitativeValue",
  minValue: range.earliest,
  maxValue: range.latest,
  unitCode: "DAY",
});

/** One OfferShippingDetails per method and set of countries, with the store's own fee for one piece. */
export function offerShippingDetails(offers: readonly ShippingOffer[], madeToOrderDays: number | null) {
  return offers.map((offer) => ({
    "@type": "OfferShippingDetails",
    shippingLabel: offer.label,
    shippingRate: { "@type": "MonetaryAmount", value: offer.fee, currency: offer.currency },
    shippingDestination: offer.countries.map((country) => ({ "@type": "DefinedRegion", addressCountry: country })),
    deliveryTime: {
      "@type": "ShippingDeliveryTime",
      handlingTime: days(handlingDays(madeToOrderDays)),
      transitTime: days(offer.days),
    },
  }));
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The return policies: within India a courier collects the parcel at the shop's cost (free return); from
 * abroad the shopper sends it back at their own cost (decision 085). Both by mail, within 2 days of delivery,
 * to India. A piece the seller does not take back (made to order, decision 099) says so for every country.
 */
export function merchantReturnPolicies(abroad: readonly string[], returnable = true) {
  const base = { "@type": "MerchantReturnPolicy", returnPolicyCountry: HOME_COUNTRY };
  const foreign = [...new Set(abroad)].filter((c) => c !== HOME_COUNTRY).sort();
  if (!returnable)
    return chunks([HOME_COUNTRY, ...foreign], COUNTRIES_PER_POLICY).map((countries) => ({
      ...base,
      applicableCountry: countries,
      returnPolicyCategory: `${SCHEMA}MerchantReturnNotPermitted`,
    }));
  const finite = {
    ...base,
    returnPolicyCategory: `${SCHEMA}MerchantReturnFiniteReturnWindow`,
    merchantReturnDays: RETURN_DAYS,
    returnMethod: `${SCHEMA}ReturnByMail`,
    merchantReturnLink: absoluteUrl("/refund"),
  };
  return [
    { ...finite, applicableCountry: HOME_COUNTRY, returnFees: `${SCHEMA}FreeReturn` },
    ...chunks(foreign, COUNTRIES_PER_POLICY).map((countries) => ({
      ...finite,
      applicableCountry: countries,
      returnFees: `${SCHEMA}ReturnFeesCustomerResponsibility`,
    })),
  ];
}

/** 0.5 kg: the first step of the rate cards abroad, the weight the shop-wide rates abroad are quoted for. */
const FIRST_STEP_KG = 0.5;

/**
 * The shop-wide shipping policy (Organization `hasShippingService`): each method with its fee per set of
 * countries; abroad the fee is the rate card's first half kilo, so that condition says it holds up to 0.5 kg.
 */
export function shippingServices(offers: readonly ShippingOffer[]) {
  const methods = [...new Set(offers.map((o) => o.method))];
  return methods.map((method) => {
    const mine = offers.filter((o) => o.method === method);
    return {
      "@type": "ShippingService",
      name: mine[0]?.label,
      handlingTime: { "@type": "ServicePeriod", duration: days(handlingDays(null)) },
      shippingConditions: mine.map((offer) => ({
        "@type": "ShippingConditions",
        shippingDestination: offer.countries.map((country) => ({ "@type": "DefinedRegion", addressCountry: country })),
        shippingRate: { "@type": "MonetaryAmount", value: offer.fee, currency: offer.currency },
        transitTime: { "@type": "ServicePeriod", duration: days(offer.days) },
        ...(offer.countries.includes(HOME_COUNTRY)
          ? {}
          : { weight: { "@type": "QuantitativeValue", maxValue: FIRST_STEP_KG, unitCode: "KGM" } }),
      })),
    };
  });
}

/** The countries abroad that any offer reaches. */
export const countriesAbroad = (offers: readonly ShippingOffer[]) =>
  offers.flatMap((o) => o.countries).filter((c) => c !== HOME_COUNTRY);
