import { COD_SHIPPING_FEE_INR, formatMoney } from "@store/shared";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { newShopper } from "../fixtures/accounts";
import { DESKTOP, PHONE, simulatorControlHeaders } from "../fixtures/back-office";
import { cartLink, openWithStorage, productInStock } from "../fixtures/cart";
import { cartIn, checkout, CONTINUE, fillDelivery, orderNumber } from "../fixtures/checkout";
import { setCurrencyCookie } from "../fixtures/currency";
import { mailsTo } from "../fixtures/mail";
import { keepScreen } from "../fixtures/screens";

/**
 * Issue 40, points 1, 8 and 10 (decision 076): a guest's cash-on-delivery code on WhatsApp, the order's
 * confirmation page right after, and the confirmation e-mail with photos, delivery days and absolute links.
 */
test.describe.configure({ timeout: 90_000 });

/** What the simulated phone received (the WhatsApp outbox sends every 5 s, so this polls). */
async function codeOnWhatsApp(request: APIRequestContext, number: string): Promise<string> {
  const headers = await simulatorControlHeaders(request);
  const read = async () =>
    (
      (await (await request.get(`/sim/whatsapp/phones/${number}/messages`, { headers })).json()) as {
        data: { template: string; text: string }[];
      }
    ).data.filter((m) => m.template === "cod_code");
  await expect.poll(async () => (await read()).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
  const [message] = await read();
  expect(message?.text).toMatch(/^\d{6} is your verification code\. For your security, do not share this code\.$/);
  return /^(\d{6})/.exec(message!.text)![1]!;
}

const step = (page: Page) => checkout(page).getByRole("region", { name: "Confirm your order" });

for (const [label, viewport, skip] of [
  ["desktop", DESKTOP, 9],
  ["phone", PHONE, 10],
] as const) {
  test(`${label}: a guest's COD code comes on WhatsApp, the order's confirmation page follows, the e-mail shows photos and delivery days`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await page.setViewportSize(viewport);
    const product = await productInStock(request, { minStock: 3, skip });
    const cart = await cartIn(request, product.id, "INR");
    await setCurrencyCookie(context, baseURL!, "INR");
    await openWithStorage(page, "/cart", { cartId: cart.cart_id });
    await page.getByRole("checkbox", { name: /Cash on Delivery/ }).check();
    await page.getByRole("button", { name: CONTINUE }).click();
    await fillDelivery(page);
    const mobile = `97${String(Date.now()).slice(-8)}`;
    await checkout(page).getByRole("textbox", { name: "Mobile number", exact: true }).fill(mobile);
    const address = newShopper(`after-pay-${label}`).email;
    await checkout(page).getByRole("textbox", { name: "E-mail for the confirmation" }).fill(address);
    await checkout(page).getByRole("button", { name: "Place order" }).click();

    // Point 8: where the code went, and the other channel offered.
    const masked = `+91 97xxxxxx${mobile.slice(-2)}`;
    await expect(step(page)).toContainText(`We have sent a 6-digit code to WhatsApp ${masked}.`);
    await expect(step(page).getByRole("button", { name: "Send the code by e-mail instead" })).toBeVisible();
    await keepScreen(page, "issue40-p08-cod-code-whatsapp");
    const code = await codeOnWhatsApp(request, `91${mobile}`);
    expect(await mailsTo(request, address)).toEqual([]);
    await step(page).getByRole("textbox", { name: "6-digit code" }).fill(code);
    await step(page).getByRole("button", { name: "Confirm order" }).click();

    // Point 1: the confirmation page, with the cart refetched (empty).
    const due = cart.subtotal + COD_SHIPPING_FEE_INR;
    const id = await orderNumber(page, /^Order #(\d+) confirmed\. Pay .+ on delivery\.$/);
    const placed = page.getByRole("region", { name: /^Thank you, / });
    await expect(placed).toContainText("To pay in cash on delivery");
    await expect(placed).toContainText(formatMoney(due, "INR"));
    await expect(placed).toContainText(/Arriving in .+ 302\d{3}(by|between) \w{3} \d{1,2} \w{3}/);
    await expect(placed.getByRole("heading", { name: "What happens next" })).toBeVisible();
    await expect(placed.getByRole("link", { name: "Track this order" })).toHaveAttribute(
      "href",
      new RegExp(`^/orders/${id}\\?token=[0-9a-f]{64}$`),
    );
    await expect(placed.getByRole("link", { name: "Download tax invoice (PDF)" })).toHaveAttribute(
      "href",
      new RegExp(`/api/orders/${id}/invoice\\.pdf\\?token=`),
    );
    const items = page.getByRole("region", { name: "Items" });
    await expect(items.locator("img")).toHaveCount(1);
    await expect(items.locator("img")).toHaveJSProperty("complete", true);
    // The spec's refetch: the header's cart is empty again.
    await expect(cartLink(page, 0)).toBeVisible();
    await keepScreen(page, "issue40-p01-confirmation-page");

    // Point 10: the confirmation e-mail's photo and delivery days, every link absolute.
    await expect
      .poll(
        async () => (await mailsTo(request, address)).filter((m) => m.subject.includes(`#${id} is confirmed`)).length,
        {
          timeout: 20_000,
        },
      )
      .toBe(1);
    const mails = await mailsTo(request, address);
    const confirmation = mails.find((m) => m.subject.includes(`#${id} is confirmed`))!;
    expect(confirmation.text).toMatch(/Expected delivery: (by|between) \w{3} \d{1,2} \w{3}/);
    // PUBLIC_URL (the ring's is localhost), the mail-sized copy of the photo.
    expect(confirmation.html).toMatch(
      /<img src="http:\/\/localhost:\d+\/media\/products\/[\w-]+-360w\.webp" alt="" width="72"/,
    );
    for (const mail of mails) {
      const links = [...mail.html.matchAll(/(?:href|src)="([^"]*)"/g)].map((m) => m[1]!);
      expect(
        links.filter((link) => !/^(https?:|mailto:)/.test(link)),
        mail.subject,
      ).toEqual([]);
    }
    await page.setContent(confirmation.html);
    await keepScreen(page, "issue40-p10-confirmation-email");
  });
}
