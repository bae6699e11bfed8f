/**
 * Vendure's Shop GraphQL API as the peer benchmark calls it: the documents its own storefront starters send
 * for the same pages, and a minimal client. Typed by hand: Vendure's types are not in our node_modules.
 */
import type { LoadRequest } from "./load";

export const SHOP_API_PATH = "/shop-api";

const PRODUCT_CARD = `productId productName slug productAsset { preview } currencyCode
  priceWithTax { ... on PriceRange { min max } ... on SinglePrice { value } }`;

/** A collection's first 12 products, as a storefront's collection page asks the search index. */
export const LISTING = `query Listing($slug: String!) {
  search(input: { collectionSlug: $slug, groupByProduct: true, take: 12 }) { totalItems items { ${PRODUCT_CARD} } }
}`;

export const SEARCH = `query Search($term: String!) {
  search(input: { term: $term, groupByProduct: true, take: 12 }) { totalItems items { ${PRODUCT_CARD} } }
}`;

export const DETAIL = `query Detail($slug: String!) {
  product(slug: $slug) {
    id name slug description featuredAsset { preview } assets { preview }
    facetValues { name facet { name } } collections { name slug }
    optionGroups { name options { name } }
    variants { id name sku priceWithTax currencyCode stockLevel options { name } }
  }
}`;

const ORDER_RESULT = `__typename ... on Order { id code state totalWithTax } ... on ErrorResult { errorCode message }`;

export const ADD_ITEM = `mutation Add($id: ID!) { addItemToOrder(productVariantId: $id, quantity: 1) { ${ORDER_RESULT} } }`;
export const SET_CUSTOMER = `mutation Customer($input: CreateCustomerInput!) { setCustomerForOrder(input: $input) { ${ORDER_RESULT} } }`;
export const SET_ADDRESS = `mutation Address($input: CreateAddressInput!) { setOrderShippingAddress(input: $input) { ${ORDER_RESULT} } }`;
export const SHIPPING_METHODS = `query { eligibleShippingMethods { id name priceWithTax } }`;
export const SET_SHIPPING = `mutation Shipping($id: [ID!]!) { setOrderShippingMethod(shippingMethodId: $id) { ${ORDER_RESULT} } }`;
export const PAYMENT_METHODS = `query { eligiblePaymentMethods { code isEligible } }`;
export const TRANSITION = `mutation { transitionOrderToState(state: "ArrangingPayment") { ${ORDER_RESULT} } }`;
export const ADD_PAYMENT = `mutation Pay($input: PaymentInput!) { addPaymentToOrder(input: $input) { ${ORDER_RESULT} } }`;

/** The catalogue facts the loads need, read once over the shop API. */
export const CATALOGUE = `query { products(options: { take: 100 }) { totalItems items { slug variants { id } } } }`;

/** A shop API request for autocannon: POST, JSON, no session token (each add starts a new guest order). */
export function shopRequest(query: string, variables: Record<string, unknown> = {}): LoadRequest {
  return {
    method: "POST",
    path: SHOP_API_PATH,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query, variables }),
  };
}

export interface GqlAnswer<T> {
  data: T;
  /** The session token Vendure returned (header vendure-auth-token), or the one sent. */
  token: string | undefined;
}

/**
 * One shop API call. GraphQL answers errors with status 200, so `errors` and any ErrorResult (an object with
 * errorCode) become exceptions: a failed step never counts as a fast one.
 */
export async function gql<T>(
  origin: string,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
  timeoutMs = 10_000,
): Promise<GqlAnswer<T>> {
  const response = await fetch(`${origin}${SHOP_API_PATH}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const json = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (!response.ok || json.errors?.length || !json.data)
    throw new Error(`${response.status} ${json.errors?.[0]?.message ?? "no data"}`);
  for (const value of Object.values(json.data as Record<string, unknown>)) {
    const result = value as { errorCode?: string; message?: string } | null;
    if (result?.errorCode) throw new Error(`${result.errorCode} ${result.message ?? ""}`.trim());
  }
  return { data: json.data, token: response.headers.get("vendure-auth-token") ?? token };
}

/** What the Vendure flow runner (a child process) is told: the server, the load, and the guest checkout's choices. */
export interface VendureFlowSpec {
  origin: string;
  loops: number;
  durationSeconds: number;
  warmupSeconds: number;
  timeoutSeconds: number;
  variantIds: string[];
  shippingMethodId: string;
  paymentMethodCode: string;
  customer: { emailAddress: string; firstName: string; lastName: string };
  address: { fullName: string; streetLine1: string; city: string; postalCode: string; countryCode: string };
}
