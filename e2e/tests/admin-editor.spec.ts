import { expect, test } from "@playwright/test";
import type { AdminProduct } from "@store/shared";
import { openWithStorage } from "../fixtures/cart";
import { DESKTOP, PHONE, adminToken, expectNoSidewaysScroll } from "../fixtures/back-office";
import { keepScreen } from "../fixtures/screens";
import { openNewProduct } from "../fixtures/admin-products";

/** Issue 40 points 14 and 15: the product editor keeps what is typed during a save; prices typed in rupees. */

for (const viewport of [DESKTOP, PHONE]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("p14: text typed while a save is in flight is kept and shown as unsaved", async ({ page, request }) => {
      const { token, product, editor } = await openNewProduct(
        page,
        request,
        "Block Print Stole",
        "Hand block printed on mulmul.",
      );
      const name = editor.getByRole("textbox", { name: "Product name" });
      const remarks = editor.getByRole("textbox", { name: "Remarks" });
      await expect(name).toHaveValue(product.product_name);

      // The save's answer is held until the seller has typed more.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(`**/api/admin/products/${product.id}`, async (route) => {
        if (route.request().method() === "PATCH") await held;
        await route.continue();
      });

      await remarks.fill("First batch dyed in indigo.");
      await editor.getByRole("button", { name: "Save product" }).click();
      await expect(editor.getByRole("button", { name: "Saving..." })).toBeVisible();
      await name.fill(`${product.product_name} (indigo)`);
      release();

      await expect(page.getByRole("status").filter({ hasText: "Product saved." })).toBeVisible();
      await expect(name).toHaveValue(`${product.product_name} (indigo)`);
      await expect(remarks).toHaveValue("First batch dyed in indigo.");
      await expect(editor.getByRole("status").filter({ hasText: "Unsaved changes" })).toBeVisible();
      await expect(editor.getByText("All changes saved")).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await name.evaluate((field) => field.scrollIntoView({ block: "center" }));
      await keepScreen(page, "issue40-p14-typed-during-save");

      // The next save sends the newer name.
      await page.unroute(`**/api/admin/products/${product.id}`);
      await editor.getByRole("button", { name: "Save product" }).click();
      await expect(editor.getByRole("status").filter({ hasText: "All changes saved" })).toBeVisible();
      const stored = await request.get(`/api/admin/products/${product.id}`, {
        headers: { Authorization: `Token ${token}` },
      });
      const saved = (await stored.json()) as AdminProduct;
      expect(saved.product_name).toBe(`${product.product_name} (indigo)`);
      expect(saved.remarks).toBe("First batch dyed in indigo.");
    });

    test("p15: prices typed in rupees, the USD price derived, the choice kept with the product", async ({
      page,
      request,
    }) => {
      const { token, product, editor } = await openNewProduct(
        page,
        request,
        "Block Print Stole",
        "Hand block printed on mulmul.",
      );
      await editor.getByRole("radio", { name: "Rupees (₹)" }).check();
      const offer = editor.getByRole("spinbutton", { name: "Offer price in rupees, size S" });
      const mrp = editor.getByRole("spinbutton", { name: "MRP in rupees, size S" });
      // $18 and $25 as the shop shows them in India.
      await expect(offer).toHaveValue("609");
      await expect(mrp).toHaveValue("849");

      await offer.fill("900");
      const offerCell = page.locator("td", {
        has: page.getByRole("spinbutton", { name: "Offer price in rupees, size S" }),
      });
      await expect(offerCell.getByTestId("usd-hint")).toHaveText(
        "₹900 cannot be reached: rupee prices end in 9. Type ₹899 or ₹909.",
      );
      await editor.getByRole("button", { name: "Save product" }).click();
      await expect(editor.getByText("Please correct the marked fields; nothing was saved.")).toBeVisible();
      await expect(offer).toBeFocused();

      await offer.fill("899");
      await mrp.fill("1199");
      await expect(offerCell.getByTestId("usd-hint")).toHaveText("Stored as $26.46; USD shoppers pay $27");
      await expectNoSidewaysScroll(page);
      await offer.evaluate((field) => field.scrollIntoView({ block: "center" }));
      await keepScreen(page, "issue40-p15-rupee-prices");
      await editor.getByRole("button", { name: "Save product" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Product saved." })).toBeVisible();

      await page.reload();
      await expect(editor.getByRole("radio", { name: "Rupees (₹)" })).toBeChecked();
      await expect(editor.getByRole("spinbutton", { name: "Offer price in rupees, size S" })).toHaveValue("899");
      await expect(editor.getByRole("spinbutton", { name: "MRP in rupees, size S" })).toHaveValue("1199");
      const stored = (await (
        await request.get(`/api/admin/products/${product.id}`, { headers: { Authorization: `Token ${token}` } })
      ).json()) as AdminProduct;
      expect(stored.price_entry_currency).toBe("INR");
      expect(stored.sizes[0]).toMatchObject({ offer_price: 26.46, mrp: 35.39, offer_price_inr: 899, mrp_inr: 1199 });
      const shop = await request.get(`/api/get-product-detail/?product_pk=${product.id}&currency=INR`);
      expect((await shop.json()).data).toMatchObject({ offer_price: 899, mrp: 1199 });
    });

    test("p15: the add form takes rupees too, and a new product stays a draft unless ticked Active", async ({
      page,
      request,
    }) => {
      await openWithStorage(page, "/add_items", { token: await adminToken(request) });
      const form = page.getByRole("form", { name: "Add a product" });
      await expect(form.getByRole("checkbox", { name: /^Active/ })).not.toBeChecked();
      await form.getByRole("radio", { name: "Rupees (₹)" }).check();
      const offer = form.getByRole("spinbutton", { name: "Offer price (₹)" });
      // The first USD line after the field (the offer price's; the MRP's comes after it).
      const offerHint = page
        .locator("div", { has: page.getByRole("spinbutton", { name: "Offer price (₹)" }) })
        .getByTestId("usd-hint")
        .first();
      await offer.fill("1000");
      await expect(offerHint).toHaveText("₹1,000 cannot be reached: rupee prices end in 9. Type ₹999 or ₹1,009.");
      await offer.fill("999");
      await expect(offerHint).toHaveText(/^Stored as \$29\.\d\d; USD shoppers pay \$30$/);
      await expectNoSidewaysScroll(page);
      await keepScreen(page, "issue40-p15-add-form-rupees");
    });
  });
}
