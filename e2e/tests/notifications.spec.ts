import { expect, test, type APIRequestContext } from "@playwright/test";
import { SELLER } from "@store/shared";
import { createAccount, logInByApi } from "../fixtures/accounts";
import { seriousA11yViolations } from "../fixtures/axe";
import { simulatorControlHeaders } from "../fixtures/back-office";
import { productInStock } from "../fixtures/cart";
import { CARD, cartIn, checkout, fillDelivery, openCheckout, orderNumber } from "../fixtures/checkout";
import { mailsTo } from "../fixtures/mail";

const PAID_NOTICE = /^Payment successful! Your order #(\d+) is confirmed\.$/;

/** A mobile number nobody else in the run uses, so the simulated phone shows this test's messages only. */
function uniqueMobile(): { typed: string; whatsapp: string } {
  const local = `9${String(Date.now() % 1e9).padStart(9, "0")}`;
  return { typed: local, whatsapp: `91${local}` };
}

type PhoneMessage = { id: string; template: string; text: string; status: string };

/** What the simulated phone received; the store's WhatsApp outbox sends every 5 s, so this polls. */
async function phoneMessages(request: APIRequestContext, number: string, atLeast: number): Promise<PhoneMessage[]> {
  const headers = await simulatorControlHeaders(request);
  const read = async () =>
    (
      (await (await request.get(`/sim/whatsapp/phones/${number}/messages`, { headers })).json()) as {
        data: PhoneMessage[];
      }
    ).data;
  await expect
    .poll(async () => (await read()).length, { timeout: 20_000, intervals: [250, 500, 1000] })
    .toBeGreaterThanOrEqual(atLeast);
  return read();
}

test("checkout with the WhatsApp box ticked: the confirmation on the phone and an HTML e-mail; opting out from the account page and from the message's link", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const product = await productInStock(request, { currency: "INR", minStock: 3, category: 5 });
  const account = await createAccount(request, "whatsapp");
  const { token } = await logInByApi(request, account);
  const cart = await cartIn(request, product.id, "INR", token);
  await openCheckout(page, context, baseURL!, cart, token);

  const mobile = uniqueMobile();
  await fillDelivery(page, ["Full name", "Mobile number"]);
  await checkout(page).getByRole("textbox", { name: "Mobile number", exact: true }).fill(mobile.typed);
  await checkout(page)
    .getByRole("checkbox", { name: /Send me order updates on WhatsApp/ })
    .check();
  await checkout(page).getByRole("radio", { name: CARD }).check();
  const created = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/create-order/");
  await checkout(page).getByRole("button", { name: /^Pay / }).click();
  expect((await created).postDataJSON()).toMatchObject({ whatsapp_opt_in: true, mobile_number: mobile.typed });
  await page.getByRole("dialog").getByRole("button", { name: "Pay now" }).click();
  const id = await orderNumber(page, PAID_NOTICE);

  // The simulated phone shows the confirmation, as the WhatsApp template reads.
  const [message] = await phoneMessages(request, mobile.whatsapp, 1);
  expect(message?.template).toBe("order_confirmed");
  // Nothing the shopper typed (not even the name) goes to an unverified number.
  expect(message?.text).toContain(`Namaste! Thank you for your ${SELLER.brand} order #${id}`);
  expect(message?.text).not.toContain("Meera");

  // The confirmation e-mail has both parts: the branded HTML and the text.
  await expect
    .poll(
      async () =>
        (await mailsTo(request, account.email)).filter((m) => m.subject.includes(`order #${id} is confirmed`)).length,
      {
        timeout: 20_000,
      },
    )
    .toBe(1);
  const mail = (await mailsTo(request, account.email)).find((m) => m.subject.includes(`order #${id} is confirmed`))!;
  expect(mail.text).toContain(`Thank you for your order #${id}`);
  expect(mail.html).toContain(`Thank you for your order #${id}`);
  expect(mail.html).toContain(SELLER.brand);
  expect(mail.html).toContain('href="mailto:support@jaipurkalahouse.in"');

  // The account page's switches: e-mail updates off, kept after a reload.
  await page.goto("/account");
  const switches = page.getByRole("region", { name: "Messages about your orders" });
  const byEmail = switches.getByRole("checkbox", { name: /Order updates by e-mail/ });
  await expect(byEmail).toBeChecked();
  await byEmail.uncheck();
  await expect(switches.getByText("Saved.")).toBeVisible();
  await page.reload();
  await expect(
    page
      .getByRole("region", { name: "Messages about your orders" })
      .getByRole("checkbox", { name: /Order updates by e-mail/ }),
  ).not.toBeChecked();
  const settings = await request.get("/api/account/notifications/", { headers: { Authorization: `Token ${token}` } });
  expect(await settings.json()).toEqual({ email_order_updates: false, whatsapp_order_updates: true });

  // The message's own link: the page says what it turns off, then turns it off.
  const link = new URL(/(https?:\/\/\S+)$/.exec(message!.text)![1]!);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText(/^Stop order updates by WhatsApp to •+\d{4}\?$/)).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Stop WhatsApp updates" }).click();
  await expect(page.getByText(/^Order updates by WhatsApp to •+\d{4} are off\.$/)).toBeVisible();

  // A forged link is refused, and says so.
  await page.goto(
    `${link.pathname}?token=${link.searchParams.get("token")!.replace(/.$/, (c) => (c === "A" ? "B" : "A"))}`,
  );
  await expect(page.getByText(/This link is not valid/)).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
});
