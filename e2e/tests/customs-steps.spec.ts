import { expect, test } from "@playwright/test";
import { dhlParcelMoved, paidLondonOrder } from "../fixtures/abroad";
import { DESKTOP, PHONE, expectNoSidewaysScroll } from "../fixtures/back-office";
import { productInStock } from "../fixtures/cart";
import { keepScreen } from "../fixtures/screens";

/**
 * Issue 41 point 6 (decision 086): a London order's confirmation lists the steps ahead through both customs and
 * says what is due at the door; once DHL Express's pushes report them, its page (found through /track-order)
 * shows the export clearance with its shipping bill, the import customs, the hold with what to do, and the release.
 */
const DUTIES =
  "Customs: Import duties and taxes for the United Kingdom, if any are due, are charged by DHL Express at delivery, not by us.";

for (const [index, viewport] of [DESKTOP, PHONE].entries()) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("a London order's confirmation and tracking show its customs steps", async ({ page, request }) => {
      // An order, its booking, six moves of the parcel and two pages with their screens.
      test.slow();
      // Category 3's own products (the other specs take its first five), one per width.
      const product = await productInStock(request, { category: 3, skip: 6 + index, minStock: 3 });
      const { orderId, email, confirmation } = await paidLondonOrder(request, product);

      await page.goto(confirmation);
      await expect(page.getByRole("heading", { level: 1, name: `Order #${orderId} is confirmed` })).toBeVisible();
      const placed = page.getByRole("region", { name: /Thank you/ });
      await expect(placed.getByTestId("steps-abroad").getByRole("listitem")).toHaveText([
        /^We e-mail your confirmation/,
        /^We pack your pieces in Jaipur and hand them to DHL Express/,
        "Export customs in India clear the parcel, with its commercial invoice.",
        "It flies to the United Kingdom.",
        "Import customs in the United Kingdom clear it.",
        /^DHL Express brings it to your door\. There is one delivery attempt/,
      ]);
      await expect(placed.getByTestId("customs-note")).toHaveText(DUTIES);
      // Said once on the confirmation: the timeline leaves it to the steps ahead.
      await expect(page.getByTestId("customs-note")).toHaveCount(1);
      await expectNoSidewaysScroll(page);
      await placed.getByTestId("steps-abroad").scrollIntoViewIfNeeded();
      await keepScreen(page, "issue41-p06-confirmation-abroad");

      // Picked up, cleared for export, departed, at import customs, held, released.
      await dhlParcelMoved(request, orderId, 6);
      await page.goto("/track-order");
      await page.getByLabel("Order number").fill(String(orderId));
      await page.getByLabel("E-mail or phone number used for the order").fill(email);
      await page.getByRole("button", { name: "Track order" }).click();
      await expect(page).toHaveURL(new RegExp(`/orders/${orderId}\\?token=[0-9a-f]{64}$`));
      const progress = page.getByRole("region", { name: "Order progress" });
      const steps = progress.getByRole("listitem");
      await expect(steps.filter({ hasText: /customs/ })).toHaveText([
        /^Cleared export customs in India \(shipping bill \d{7} of \d{1,2} [A-Z][a-z]{2} \d{4}\)/,
        /^Arrived at customs in the United Kingdom/,
        /^Held at customs in the United Kingdom: Clearance delay.*DHL Express may contact you .* proof of identity or payment of the duties and taxes/,
        /^Released by customs in the United Kingdom/,
      ]);
      await expect(progress.locator('[aria-current="step"]')).toContainText(
        "Released by customs in the United Kingdom",
      );
      await expect(progress.getByTestId("customs-note")).toHaveText(DUTIES);
      await expectNoSidewaysScroll(page);
      await steps.filter({ hasText: "Held at customs" }).scrollIntoViewIfNeeded();
      await keepScreen(page, "issue41-p06-customs-steps");
    });
  });
}
