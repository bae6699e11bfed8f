import { asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { RETURN_WINDOW_HOURS, SELLER, type ShippingPromise } from "@store/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogs, products } from "../schema";
import { createTestApp } from "../testing/test-app";

/**
 * The pages' JSON-LD as the server renders it (the web app's sources through Vite), checked against Google's
 * required and recommended properties for merchant listings (Offer shipping and returns), BreadcrumbList,
 * Article (BlogPosting) and Organization (decision 104).
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SCHEMA = "https://schema.org/";
const COUNTRY = /^[A-Z]{2}$/;
/** The spec's 48-hour window in the whole days schema.org counts. */
const RETURN_DAYS = RETURN_WINDOW_HOURS / 24;
const ISO_DATETIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ ssr: "vite" });
}, 120_000);
afterAll(() => app.close());

async function jsonLdOf(url: string): Promise<Json[]> {
  const res = await app.inject({ url });
  expect(res.statusCode, url).toBe(200);
  const scripts = [...res.body.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)];
  return scripts.map((m) => JSON.parse(m[1] ?? "") as Json);
}

const byType = (docs: Json[], type: string) => docs.find((d) => d["@type"] === type);

function expectDays(value: Json) {
  expect(value).toMatchObject({ "@type": "QuantitativeValue", unitCode: "DAY" });
  expect(Number.isInteger(value.minValue) && Number.isInteger(value.maxValue)).toBe(true);
  expect(value.minValue).toBeGreaterThanOrEqual(0);
  expect(value.maxValue).toBeGreaterThanOrEqual(value.minValue);
}

function expectBreadcrumbs(list: Json | undefined, lastUrl: string) {
  expect(list).toBeDefined();
  const items = list!.itemListElement as Json[];
  expect(items.length).toBeGreaterThanOrEqual(2);
  items.forEach((item, i) => {
    expect(item).toMatchObject({ "@type": "ListItem", position: i + 1, name: expect.any(String) });
    expect(item.name.length).toBeGreaterThan(0);
    expect(item.item).toMatch(/^https:\/\//);
  });
  expect(items[0]!.item).toBe(`${SELLER.website}/`);
  expect(items.at(-1)!.item).toBe(lastUrl);
}

describe("a product page's structured data", () => {
  let product: Json;
  let breadcrumbs: Json | undefined;
  let id: number;
  beforeAll(async () => {
    const [row] = await app.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.isActive, true))
      .orderBy(asc(products.id))
      .limit(1);
    id = row!.id;
    const docs = await jsonLdOf(`/product/${id}`);
    product = docs[0]!;
    breadcrumbs = byType(docs, "BreadcrumbList");
  });

  it("is a Product whose offer has Google's required merchant-listing properties", () => {
    expect(product).toMatchObject({ "@context": "https://schema.org", "@type": "Product", name: expect.any(String) });
    expect(product.image.length).toBeGreaterThan(0);
    for (const image of product.image) expect(image).toMatch(/^https:\/\//);
    const offer = product.offers;
    expect(offer["@type"]).toBe("Offer");
    expect(typeof offer.price).toBe("number");
    expect(offer.price).toBeGreaterThan(0);
    expect(offer.priceCurrency).toMatch(/^(INR|USD)$/);
    expect(offer.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/);
    expect(offer.url).toBe(`${SELLER.website}/product/${id}`);
  });

  it("ships by every method to its destinations at the store's own rates, with handling and transit days", async () => {
    const details = product.offers.shippingDetails as Json[];
    expect(details.length).toBeGreaterThanOrEqual(3);
    const currency = product.offers.priceCurrency as "INR" | "USD";
    for (const detail of details) {
      expect(detail["@type"]).toBe("OfferShippingDetails");
      expect(detail.shippingRate).toMatchObject({ "@type": "MonetaryAmount", currency });
      expect(typeof detail.shippingRate.value).toBe("number");
      expect(detail.shippingRate.value).toBeGreaterThanOrEqual(0);
      expect(detail.shippingDestination.length).toBeGreaterThan(0);
      for (const region of detail.shippingDestination) {
        expect(region["@type"]).toBe("DefinedRegion");
        expect(region.addressCountry).toMatch(COUNTRY);
      }
      expect(detail.deliveryTime["@type"]).toBe("ShippingDeliveryTime");
      expectDays(detail.deliveryTime.handlingTime);
      expectDays(detail.deliveryTime.transitTime);
    }
    // India: standard free, express at the seller's fee, 7-10 and 4-5 business days (the spec).
    const india = details.filter((d) => d.shippingDestination.some((r: Json) => r.addressCountry === "IN"));
    const fees = await app.services.checkout.shippingFees();
    expect(india.map((d) => [d.shippingRate.value, d.deliveryTime.transitTime.minValue])).toEqual([
      [0, 7],
      [fees["india-express"][currency], 4],
    ]);
    // Abroad: the same fee the product page's delivery promise (the checkout's pricing) quotes for one piece.
    const promise = (
      await app.inject({ url: `/api/shipping-promise/?product_pk=${id}&country=GB&currency=${currency}` })
    ).json<ShippingPromise>();
    expect(promise.methods.length).toBeGreaterThan(0);
    for (const method of promise.methods) {
      const toGb = details.find(
        (d) => d.shippingLabel === method.label && d.shippingDestination.some((r: Json) => r.addressCountry === "GB"),
      );
      expect(toGb?.shippingRate.value, method.label).toBe(method.from);
      expect(toGb?.deliveryTime.transitTime).toMatchObject({
        minValue: method.days.earliest,
        maxValue: method.days.latest,
      });
    }
  });

  it("returns within 2 days of delivery (the 48-hour policy), free by courier in India, at the shopper's cost from abroad", () => {
    const policies = product.offers.hasMerchantReturnPolicy as Json[];
    for (const policy of policies) {
      expect(policy).toMatchObject({
        "@type": "MerchantReturnPolicy",
        returnPolicyCategory: `${SCHEMA}MerchantReturnFiniteReturnWindow`,
        merchantReturnDays: RETURN_DAYS,
        returnMethod: `${SCHEMA}ReturnByMail`,
        returnPolicyCountry: "IN",
      });
      const countries = [policy.applicableCountry].flat();
      expect(countries.length).toBeLessThanOrEqual(50);
      for (const c of countries) expect(c).toMatch(COUNTRY);
    }
    expect(policies[0]).toMatchObject({ applicableCountry: "IN", returnFees: `${SCHEMA}FreeReturn` });
    expect(policies.slice(1).map((p) => p.returnFees)).toContain(`${SCHEMA}ReturnFeesCustomerResponsibility`);
    expect(policies.slice(1).flatMap((p) => p.applicableCountry)).toContain("GB");
  });

  it("has its breadcrumbs from the home page through its category to itself", () => {
    expectBreadcrumbs(breadcrumbs, `${SELLER.website}/product/${id}`);
    expect(breadcrumbs!.itemListElement[1].item).toMatch(new RegExp(`^${SELLER.website}/[a-z%0-9]+$`));
  });

  it("says a made-to-order piece the seller does not take back cannot be returned, and is made before it ships", async () => {
    const [row] = await app.database.db
      .update(products)
      .set({ madeToOrderDays: 12, madeToOrderReturnable: false })
      .where(eq(products.id, id + 1))
      .returning({ id: products.id });
    const made = (await jsonLdOf(`/product/${row!.id}`))[0]!;
    for (const policy of made.offers.hasMerchantReturnPolicy as Json[]) {
      expect(policy.returnPolicyCategory).toBe(`${SCHEMA}MerchantReturnNotPermitted`);
      expect(policy).not.toHaveProperty("merchantReturnDays");
    }
    expect(made.offers.hasMerchantReturnPolicy[0].applicableCountry).toContain("IN");
    for (const detail of made.offers.shippingDetails)
      expect(detail.deliveryTime.handlingTime).toMatchObject({ minValue: 12, maxValue: 13 });
  });
});

describe("the other pages' structured data", () => {
  it("gives a listing its breadcrumbs", async () => {
    expectBreadcrumbs(byType(await jsonLdOf("/women/dresses"), "BreadcrumbList"), `${SELLER.website}/women/dresses`);
  });

  it("describes the shop on the home page as an OnlineStore with its return and shipping policies", async () => {
    const store = byType(await jsonLdOf("/"), "OnlineStore");
    expect(store).toMatchObject({ name: SELLER.brand, url: SELLER.website, logo: expect.stringMatching(/^https:/) });
    const [india] = store!.hasMerchantReturnPolicy as Json[];
    expect(india).toMatchObject({
      applicableCountry: "IN",
      merchantReturnDays: RETURN_DAYS,
      returnFees: `${SCHEMA}FreeReturn`,
    });
    const services = store!.hasShippingService as Json[];
    expect(services.length).toBeGreaterThanOrEqual(3);
    for (const service of services) {
      expect(service).toMatchObject({ "@type": "ShippingService", name: expect.any(String) });
      expect(service.shippingConditions.length).toBeGreaterThan(0);
      for (const condition of service.shippingConditions) {
        expect(condition["@type"]).toBe("ShippingConditions");
        expect(typeof condition.shippingRate.value).toBe("number");
        expect(condition.shippingRate.currency).toMatch(/^(INR|USD)$/);
        for (const region of condition.shippingDestination) expect(region.addressCountry).toMatch(COUNTRY);
        expectDays(condition.transitTime.duration);
      }
    }
  });

  it("gives a blog post an Article's headline, dates, author and image", async () => {
    const [post] = await app.database.db
      .select({ id: blogs.id })
      .from(blogs)
      .where(eq(blogs.isPublished, true))
      .limit(1);
    const article = byType(await jsonLdOf(`/blog/${post!.id}`), "BlogPosting");
    expect(article?.headline.length).toBeGreaterThan(0);
    expect(article?.headline.length).toBeLessThanOrEqual(110);
    expect(article?.datePublished).toMatch(ISO_DATETIME);
    expect(article?.dateModified).toMatch(ISO_DATETIME);
    expect(article?.author).toMatchObject({ name: SELLER.brand, url: SELLER.website });
    expect([article?.image].flat()[0]).toMatch(/^https:\/\//);
  });
});
