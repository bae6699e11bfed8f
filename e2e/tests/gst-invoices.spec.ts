import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import {
  COD_SHIPPING_FEE_INR,
  currentIstMonth,
  inrMinorAtRate,
  rupeesText,
  taxRateText,
  monthLabel,
  type AdminOrderDetail,
  type CardOrderResponse,
  type CartResponse,
  type ProductDetail,
} from "@store/shared";
import { newShopper } from "../fixtures/accounts";
import { adminToken, title } from "../fixtures/back-office";
import { firstMethodFee, openWithStorage, productDetail } from "../fixtures/cart";
import { checkout, codeByEmail, CONTINUE, fillDelivery, orderNumber } from "../fixtures/checkout";
import { setCurrencyCookie } from "../fixtures/currency";
import { codeFromMail, mailsTo } from "../fixtures/mail";
import { confirmCodCart } from "../fixtures/orders";
import { pdfText } from "../fixtures/pdf";

/**
 * Issue 15's "done when": a shopper in Jaipur, one in Mumbai and one in London each buy a mixed-rate cart
 * (apparel at 5%, a toilet bag at 18%) and download a correct tax invoice, read line by line from the PDF's
 * text against figures worked out here on their own; the seller cancels a piece (a credit note) and the month's
 * tax page and CSVs show the sales under the right heads. The London order is paid through the payment
 * simulator, so it is a test order: its invoice is in the TST series, marked, and left out of the figures.
 * Issue 38: it is paid in dollars, so its invoice waits for the customs exchange rate of its day, which the
 * seller enters in the back office, told why on the order and the dashboard.
 */
test.describe.configure({ mode: "serial", timeout: 120_000 });

let admin: Record<string, string>;
let apparel: ProductDetail;
let bag: ProductDetail;
let jaipurInvoice: string;
let jaipurOrder: number;
let mumbaiInvoice: string;
let creditNote: string;

// --- The arithmetic, worked out independently of the server: tax-inclusive prices, per line, in paise
// (printed with the invoices' own `rupeesText` and `taxRateText`). ---
const halves = (gross: number, bps: number) => {
  const half = Math.round((gross * bps) / (2 * (10000 + bps)));
  return { taxable: gross - 2 * half, half };
};
const igstOf = (gross: number, bps: number) => {
  const igst = Math.round((gross * bps) / (10000 + bps));
  return { taxable: gross - igst, igst };
};
/** The line as the PDF's text reads it, from its HSN code to its total. */
const intraRow = (hsn: string, qty: number, unit: string, gross: number, bps: number) => {
  const { taxable, half } = halves(gross, bps);
  return `${hsn} ${qty} ${unit} ${rupeesText(taxable)} ${taxRateText(bps / 2)} ${rupeesText(half)} ${taxRateText(bps / 2)} ${rupeesText(half)} ${rupeesText(gross)}`;
};
const interRow = (hsn: string, qty: number, unit: string, gross: number, bps: number) => {
  const { taxable, igst } = igstOf(gross, bps);
  return `${hsn} ${qty} ${unit} ${rupeesText(taxable)} ${taxRateText(bps)} ${rupeesText(igst)} ${rupeesText(gross)}`;
};

/** The demo catalogue's first product of `category` with stock whose HSN code starts with `hsn` (after `skip` of them). */
async function productWith(request: APIRequestContext, category: number, hsn: string, skip: number) {
  const list = (await (await request.get(`/api/get-all-products/?category_pk=${category}`)).json()) as {
    data: { id: number }[];
  };
  let seen = 0;
  for (const { id } of list.data) {
    const detail = await productDetail(request, id, "INR");
    const admin = (await (await request.get(`/api/admin/products/${id}`, { headers: adminHeaders() })).json()) as {
      hsn_code: string | null;
      default_hsn_code: string | null;
    };
    // The invoice prints the product's own code, else its subcategory's default.
    const printed = admin.hsn_code ?? admin.default_hsn_code ?? "";
    // Apparel at 5% needs a price within Rs 2,625 a piece (Rs 2,500 + 5%).
    if (detail.stock >= 5 && printed.startsWith(hsn) && detail.offer_price <= 2625 && seen++ >= skip)
      return { ...detail, hsn: printed };
  }
  throw new Error(`no product of category ${category} with HSN ${hsn}`);
}
const adminHeaders = () => admin;
const hsnOf = new Map<number, string>();

async function cartOf(request: APIRequestContext, currency: "INR" | "USD"): Promise<CartResponse> {
  let cartId: string | null = null;
  for (const [product, quantity] of [
    [apparel, 2],
    [bag, 1],
  ] as const) {
    const priced = await productDetail(request, product.id, currency);
    const res: APIResponse = await request.post("/api/cart-items/", {
      data: {
        product_pk: priced.id,
        size: priced.size,
        quantity,
        offer_price: priced.offer_price,
        mrp: priced.mrp,
        is_direct_buy: false,
        cart_id: cartId,
        currency,
      },
    });
    expect(res.status()).toBe(200);
    cartId = ((await res.json()) as CartResponse).cart_id;
  }
  return (await (
    await request.get(`/api/get-cart-items/?cart_id=${cartId}&currency=${currency}`)
  ).json()) as CartResponse;
}

/** The link to the invoice in the order's confirmation e-mail, and the PDF's text behind it. */
async function invoiceFromMail(request: APIRequestContext, email: string) {
  await expect
    .poll(async () => (await mailsTo(request, email)).some((m) => / is confirmed$/.test(m.subject)), {
      timeout: 20_000,
    })
    .toBe(true);
  const mail = (await mailsTo(request, email)).find((m) => / is confirmed$/.test(m.subject))!;
  const number = /Your tax invoice (\S+) is attached/.exec(mail.text)?.[1];
  const link = /(http\S+\/invoice\.pdf\?token=\S+)/.exec(mail.text)?.[1];
  expect(number && link, mail.text).toBeTruthy();
  const res = await request.get(link!);
  expect(res.headers()["content-type"]).toBe("application/pdf");
  return { number: number!, text: await pdfText(await res.body()) };
}

test.beforeAll(async ({ request }) => {
  admin = { Authorization: `Token ${await adminToken(request)}` };
  // Women's apparel (HSN 6204, 5% at these prices) and a toilet bag of the accessories (HSN 420292, 18%);
  // deeper in their lists than the other specs' picks.
  apparel = await productWith(request, 1, "62", 6);
  bag = await productWith(request, 6, "420292", 1);
  hsnOf.set(apparel.id, (apparel as ProductDetail & { hsn: string }).hsn);
  hsnOf.set(bag.id, (bag as ProductDetail & { hsn: string }).hsn);
});

test("a guest in Jaipur buys in the browser (cash on delivery) and gets an invoice with CGST and SGST per line", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const cart = await cartOf(request, "INR");
  await setCurrencyCookie(context, baseURL!, "INR");
  await openWithStorage(page, "/cart", { cartId: cart.cart_id });
  await page.getByRole("checkbox", { name: /Cash on Delivery/ }).check();
  await page.getByRole("button", { name: CONTINUE }).click();
  await expect(checkout(page).getByRole("combobox", { name: "Country" })).toHaveValue("IN");
  await fillDelivery(page);
  const email = newShopper("gst-jaipur").email;
  await checkout(page).getByRole("textbox", { name: "E-mail for the confirmation" }).fill(email);
  await checkout(page).getByRole("button", { name: "Place order" }).click();
  const step = checkout(page).getByRole("region", { name: "Confirm your order" });
  await codeByEmail(page, email);
  await step.getByRole("textbox", { name: "6-digit code" }).fill((await codeFromMail(request, email)).code);
  await step.getByRole("button", { name: "Confirm order" }).click();
  jaipurOrder = await orderNumber(page, /^Order #(\d+) confirmed\./);

  const { number, text } = await invoiceFromMail(request, email);
  jaipurInvoice = number;
  expect(number).toMatch(/^JKH\/\d\d-\d\d\/\d{6}$/);
  for (const fact of [
    "Tax Invoice",
    `Invoice no. ${number}`,
    "Place of supply Rajasthan (08)",
    "GSTIN",
    "Indian Rupees",
  ])
    expect(text).toContain(fact);
  expect(text).not.toContain("TEST ORDER");
  const a = apparel.offer_price * 2 * 100;
  const b = bag.offer_price * 100;
  const fee = COD_SHIPPING_FEE_INR * 100;
  expect(text).toContain(intraRow(hsnOf.get(apparel.id)!, 2, "pcs", a, 500));
  expect(text).toContain(intraRow(hsnOf.get(bag.id)!, 1, "pcs", b, 1800));
  // Delivery is taxed with the goods it carries, at their highest rate.
  expect(text).toContain(intraRow("996812", 1, "—", fee, 1800));
  expect(text).toContain(`Invoice total ₹ ${rupeesText(a + b + fee)}`);
});

test("a guest in Mumbai gets IGST; the seller cancels one piece of the Jaipur order: a credit note against its invoice", async ({
  request,
}) => {
  const cart = await cartOf(request, "INR");
  const email = newShopper("gst-mumbai").email;
  await confirmCodCart(request, cart, email, {
    name: "Priya Nair",
    delivery_address: "7 Marine Drive",
    mobile_number: "9820012345",
    pin_code: "400020",
    city: "Mumbai",
    state: "Maharashtra",
  });
  const { number, text } = await invoiceFromMail(request, email);
  mumbaiInvoice = number;
  expect(text).toContain("Place of supply Maharashtra (27)");
  expect(text).toContain(interRow(hsnOf.get(apparel.id)!, 2, "pcs", apparel.offer_price * 200, 500));
  expect(text).toContain(interRow(hsnOf.get(bag.id)!, 1, "pcs", bag.offer_price * 100, 1800));

  // Back to Jaipur: the seller cancels one of its two apparel pieces.
  const detail = (await (
    await request.get(`/api/admin/orders/${jaipurOrder}`, { headers: admin })
  ).json()) as AdminOrderDetail;
  const line = detail.lines.find((l) => l.product_id === apparel.id)!;
  const cancelled = await request.post(`/api/admin/orders/${jaipurOrder}/cancel-lines`, {
    headers: admin,
    data: { lines: [{ line_id: line.id, quantity: 1 }] },
  });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);
  const after = (await (
    await request.get(`/api/admin/orders/${jaipurOrder}`, { headers: admin })
  ).json()) as AdminOrderDetail;
  const [note] = after.invoice!.credit_notes;
  creditNote = note!.number;
  expect(creditNote).toMatch(/^JKHC\/\d\d-\d\d\/\d{5}$/);
  const pdf = await request.get(note!.url, { headers: admin });
  const noteText = await pdfText(await pdf.body());
  expect(noteText).toContain("Credit Note");
  expect(noteText).toContain(`Against invoice ${jaipurInvoice}`);
  // One piece of two: half the line, its tax split the same way.
  const credited = Math.floor((apparel.offer_price * 200) / 2);
  expect(noteText).toContain(rupeesText(halves(credited, 500).taxable));
  expect(noteText).toContain(rupeesText(credited));
});

test("a shopper in London pays in USD: the invoice waits for the day's customs rate, which the seller enters; then an export under the LUT at that rate, marked as a test order", async ({
  page,
  request,
  baseURL,
}) => {
  const cart = await cartOf(request, "USD");
  const email = newShopper("gst-london").email;
  // Abroad the order goes by international standard (DHL Express, decision 082), at its fee.
  const due = cart.subtotal + (await firstMethodFee(request, cart.cart_id!, "GB", "USD"));
  const created = await request.post("/api/create-order/", {
    data: {
      amount: due * 100,
      currency: "USD",
      promo_code: "Nil",
      cart_id: cart.cart_id,
      razorpay: true,
      email,
      name: "Emma Clarke",
      delivery_address: "221B Baker Street",
      country_code: "+44",
      mobile_number: "+44 20 7946 0958",
      pin_code: "NW1 6XE",
      city: "London",
      state: "Greater London",
      delivery_country: "GB",
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { data } = (await created.json()) as CardOrderResponse;
  // What the (simulated) Razorpay widget does when the shopper pays, then the browser's verify call.
  const paid = await request.post(`${baseURL}/sim/razorpay/checkout/pay`, {
    data: { key_id: data.key, order_id: data.data.id },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  const verified = await request.post("/api/verify-payment/", {
    data: { amount: due * 100, razorpay: true, cart_id: cart.cart_id, ...(await paid.json()) },
  });
  expect(verified.ok(), await verified.text()).toBe(true);
  const orderId = data.order_id;

  // Paid, but no customs rate is saved for today: the seller is told why, on the dashboard and the order.
  const token = admin.Authorization!.slice(6);
  await openWithStorage(page, "/admin", { token });
  const notices = page.getByRole("region", { name: "Tax" });
  await expect(notices).toContainText(`Order #${orderId} has no tax invoice: No customs exchange rate`);
  await notices.getByRole("link", { name: `Open order #${orderId}` }).click();
  const invoiceCard = page.getByRole("region", { name: "Invoice" });
  await expect(invoiceCard.getByRole("status")).toContainText("No customs exchange rate for the US dollar is saved");

  // The seller enters the rate CBIC notified, on the exchange rates page.
  const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  await openWithStorage(page, "/admin/exchange-rates", { token });
  const rates = page.getByRole("region", { name: "Customs exchange rate for exports (US dollar)" });
  const form = rates.getByRole("form", { name: "Add: Customs exchange rate for exports (US dollar)" });
  await form.getByLabel("In force from").fill(today);
  await form.getByRole("textbox", { name: "₹ per US dollar" }).fill("88.15");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByRole("textbox", { name: "Notification" })).toHaveAccessibleDescription(
    /notification it comes from/,
  );
  await form.getByRole("textbox", { name: "Notification" }).fill("64/2026-Customs (N.T.)");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(rates.getByRole("list")).toContainText("₹88.15 per US dollar");
  await expect(rates.getByRole("list")).toContainText("In force today");

  await openWithStorage(page, `/admin/orders/${orderId}`, { token });
  await invoiceCard.getByRole("button", { name: "Issue invoice" }).click();
  await expect(invoiceCard).toContainText(/Tax invoice TST\/\d\d-\d\d\/\d{6}/);
  const detail = (await (
    await request.get(`/api/admin/orders/${orderId}`, { headers: admin })
  ).json()) as AdminOrderDetail;
  const pdf = await request.get(detail.invoice!.url, { headers: admin });
  const text = await pdfText(await pdf.body());
  expect(text).toContain("TEST ORDER — NOT A TAX INVOICE");
  expect(text).toContain("Supply meant for export under LUT without payment of IGST");
  expect(text).toContain("United Kingdom");
  expect(text).toContain(`$${new Intl.NumberFormat("en-US").format(due)}.00`);
  expect(text).toContain("the customs rate for exported goods of notification 64/2026-Customs (N.T.)");
  expect(text).toContain(`Invoice total ₹ ${rupeesText(inrMinorAtRate(due * 100, 88_150))}`);
  for (const product of [apparel, bag]) expect(text).toContain(hsnOf.get(product.id)!);
});

test("the month's tax page and CSVs: Rajasthan at 5% and 18% in CGST and SGST, Maharashtra in IGST, the credit note; the test order left out", async ({
  page,
  request,
}) => {
  const month = currentIstMonth();
  await openWithStorage(page, `/admin/tax?month=${month}`, { token: admin.Authorization!.slice(6) });
  await expect(title(page, "Tax figures")).toBeVisible();
  const b2c = page.getByRole("table", { name: `B2C sales by place and rate, ${monthLabel(month)}` });
  for (const [place, rate] of [
    ["08 Rajasthan", "5%"],
    ["08 Rajasthan", "18%"],
    ["27 Maharashtra", "5%"],
    ["27 Maharashtra", "18%"],
  ])
    await expect(b2c.getByRole("row").filter({ hasText: place }).filter({ hasText: rate }).first()).toBeVisible();
  await expect(page.getByRole("table").filter({ hasText: creditNote }).first()).toBeVisible();

  const csv = async (section: string) =>
    (await request.get(`/api/admin/tax/${section}.csv?month=${month}`, { headers: admin })).text();
  const b2cCsv = await csv("b2cs");
  expect(b2cCsv).toMatch(/OE,08-Rajasthan,5,/);
  expect(b2cCsv).toMatch(/OE,08-Rajasthan,18,/);
  expect(b2cCsv).toMatch(/OE,27-Maharashtra,18,/);
  const notes = await csv("credit-notes");
  expect(notes).toContain(`${creditNote},`);
  expect(notes).toContain(jaipurInvoice);
  const exports = await csv("exp");
  expect(exports).not.toContain("TST/");
  expect(await csv("hsn")).toContain("996812");
  expect(mumbaiInvoice).toMatch(/^JKH\//);
});
