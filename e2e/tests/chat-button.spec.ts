import { expect, test, type Locator, type Page } from "@playwright/test";
import { DESKTOP, PHONE } from "../fixtures/back-office";
import { openProduct } from "../fixtures/cart";
import { cartIn, checkout, openCheckout } from "../fixtures/checkout";
import { keepScreen } from "../fixtures/screens";

/**
 * Issue 40, point 7: the floating chat button never covers a primary action or a total. Each target is
 * scrolled to the bottom of the screen, where the button floats, and their boxes are compared.
 */
const PRODUCT = 1;

const chat = (page: Page) => page.locator("[data-chat-button]");

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** "aside" when the button is hidden, "clear" when it is shown apart from the target, "covers" otherwise. */
async function chatAgainst(page: Page, target: Locator): Promise<"aside" | "clear" | "covers"> {
  if (!(await chat(page).isVisible())) return "aside";
  const [button, box] = await Promise.all([chat(page).boundingBox(), target.boundingBox()]);
  if (!button || !box) throw new Error("no box to compare");
  return overlap(button, box) ? "covers" : "clear";
}

async function expectNotCovered(page: Page, target: Locator) {
  await target.evaluate((element) => element.scrollIntoView({ block: "end" }));
  await expect.poll(() => chatAgainst(page, target)).not.toBe("covers");
}

for (const [width, viewport] of [
  ["1366", DESKTOP],
  ["390", PHONE],
] as const) {
  test.describe(`the chat button at ${width} px`, () => {
    test.use({ viewport });

    test("never covers the product page's buttons", async ({ page }) => {
      await openProduct(page, PRODUCT);
      await expect(chat(page)).toBeVisible();
      await expectNotCovered(page, page.getByRole("button", { name: "Add to cart" }));
      await expectNotCovered(page, page.getByRole("button", { name: "Buy now" }));
    });

    test("never covers the cart's totals, CLICK TO CONTINUE, the total to pay or the pay button", async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      const cart = await cartIn(request, PRODUCT, "USD");
      await openCheckout(page, context, baseURL ?? "", cart);
      const summary = page.getByRole("region", { name: "Order summary" });
      await expectNotCovered(page, summary.getByRole("table", { name: "Order totals" }));
      await expectNotCovered(page, page.getByRole("button", { name: "CLICK TO CONTINUE" }));
      await keepScreen(page, "issue40-p07-chat-button");
      await expectNotCovered(page, checkout(page).getByText("Total to pay"));
      await expectNotCovered(page, checkout(page).locator('button[type="submit"]').last());

      // Away from them (a field of the delivery form at the bottom of the screen), the button is back: it steps
      // aside, it is not gone.
      const city = checkout(page).getByRole("textbox", { name: "City", exact: true });
      await city.evaluate((element) => element.scrollIntoView({ block: "end" }));
      await expect(chat(page)).toBeVisible();
      if (viewport === PHONE) {
        // Typing in a field on a phone: the keyboard leaves little room, so the button steps aside.
        await city.focus();
        await expect(chat(page)).toBeHidden();
      }
    });
  });
}
