import { expect, test } from "@playwright/test";
import { CURRENCY_COOKIE, type ShippingPromise, type ShippingRatesResponse } from "@store/shared";
import { DESKTOP, PHONE, adminToken, expectNoSidewaysScroll, title } from "../fixtures/back-office";
import { openWithStorage, productInStock } from "../fixtures/cart";
import { keepScreen } from "../fixtures/screens";

/**
 * Issue 41 point 2 (decision 080): the seller's international rate cards in the back office, and the product
 * page's delivery promise for a shopper in the United Kingdom, from the server's rate cards.
 */
// Both widths edit the same card: one at a time, or one reads the other's save (a CI run did).
test.describe.configure({ mode: "default" });

for (const viewport of [DESKTOP, PHONE]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("the owner edits a rate card: a bad rate is refused in words, a good one is saved", async ({
      page,
      request,
    }) => {
      const token = await adminToken(request);
      const headers = { Authorization: `Token ${token}` };
      const saved = (await (
        await request.get("/api/admin/shipping-rates", { headers })
      ).json()) as ShippingRatesResponse;
      await openWithStorage(page, "/admin/shipping-rates", { token });
      await expect(title(page, "International rates")).toBeVisible();
      const near = page.getByRole("region", { name: /Near abroad/ });
      await expect(near.getByRole("textbox", { name: "Countries" })).toHaveValue(/NP/);
      // Near abroad's standard rate in dollars: the product page's United Kingdom promise does not use it.
      const first = near.getByRole("textbox", { name: /International standard, Near abroad.*USD, first half kilo/ });
      await expect(first).toHaveValue("12");

      await first.fill("-4");
      await page.getByRole("button", { name: "Save international rates" }).click();
      await expect(near.getByText("The rate cannot be negative")).toBeVisible();
      await expect(first).toBeFocused();

      await first.fill("13");
      await page.getByRole("button", { name: "Save international rates" }).click();
      await expect(page.getByRole("status").filter({ hasText: "International rates saved." })).toBeVisible();
      const after = (await (
        await request.get("/api/admin/shipping-rates", { headers })
      ).json()) as ShippingRatesResponse;
      expect(after.cards).toContainEqual(
        expect.objectContaining({ method: "international-standard", zone: "near", currency: "USD", first_half_kg: 13 }),
      );
      await expectNoSidewaysScroll(page);
      await first.evaluate((field) => field.scrollIntoView({ block: "center" }));
      await keepScreen(page, "issue41-p02-rate-cards");

      // As it was, for the other tests.
      const restore = await request.put("/api/admin/shipping-rates", {
        headers,
        data: {
          zones: saved.zones.map((z) => ({ code: z.code, name: z.name, countries: z.countries.map((c) => c.code) })),
          cards: saved.cards,
        },
      });
      expect(restore.status()).toBe(200);
    });

    test("a shopper in the United Kingdom reads the delivery promise, not the PIN code box", async ({
      page,
      request,
      baseURL,
    }) => {
      // Women's clothes: a soft piece of 500 g, one half kilo, the first step of each card.
      const product = await productInStock(request, { category: 1, minStock: 1 });
      const promise = (await (
        await request.get(`/api/shipping-promise/?product_pk=${product.id}&country=GB&currency=USD`)
      ).json()) as ShippingPromise;
      expect(promise.methods.map((m) => [m.label, m.from])).toEqual([
        ["International standard", 18],
        ["International express", 30],
      ]);

      await page.setExtraHTTPHeaders({ "x-test-country": "GB" });
      await page.context().addCookies([{ name: CURRENCY_COOKIE, value: "USD", url: baseURL! }]);
      await page.goto(`/product/${product.id}`);
      const section = page.getByRole("region", { name: "Delivers to United Kingdom" });
      await expect(section).toBeVisible();
      await expect(section.getByRole("listitem")).toHaveText([
        /International standard: 10-30 business days, from \$18/,
        /International express: 4-8 business days, from \$30/,
      ]);
      await expect(page.getByText("Deliver to PIN code")).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await section.evaluate((node) => node.scrollIntoView({ block: "center" }));
      await keepScreen(page, "issue41-p02-promise-gb");
    });
  });
}
