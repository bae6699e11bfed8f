import { asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { COD_SHIPPING_FEE_INR } from "@store/shared";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { emailOutbox } from "../../email/tables";
import { startSmtpSink } from "../../email/test-support";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import {
  codeSentTo,
  confirmCod,
  createListeningTestApp,
  createOrder,
  fillCart,
  orderBody,
  pageTotal,
  payByCard,
  setStock,
  verifyPayment,
} from "../checkout/test-support";
import { invoiceOfOrder } from "../invoices/read";
import { mainPhotos } from "../orders/line-images";
import { mailPhotoUrl } from "../orders/order-email";

/** Every drawing of an e-mail's HTML and of an invoice's PDF, counted where the app calls them. */
const drawn = vi.hoisted(() => ({ html: 0, pdf: 0 }));
vi.mock("../../email/html", async (load) => {
  const real = await load<typeof import("../../email/html")>();
  return { ...real, htmlOf: (...args: Parameters<typeof real.htmlOf>) => (drawn.html++, real.htmlOf(...args)) };
});
vi.mock("../invoices/pdf", async (load) => {
  const real = await load<typeof import("../invoices/pdf")>();
  return {
    ...real,
    renderInvoicePdf: (...args: Parameters<typeof real.renderInvoicePdf>) => (
      drawn.pdf++,
      real.renderInvoicePdf(...args)
    ),
  };
});

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let app: FastifyInstance;
let variant: PickedVariant;
beforeAll(async () => {
  smtp = await startSmtpSink();
  app = await createListeningTestApp({ config: { smtpUrl: smtp.url } });
  [variant] = (await pickVariants(app, { minStock: 10, count: 1 })) as [PickedVariant];
  await setStock(app, variant, 1000);
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

let emails = 0;
const freshEmail = () => `confirm.${process.pid}.${++emails}@example.in`;
const lines = () => [{ variant }];

/** Everything up to the confirming request: a card order paid in the simulated widget, not yet verified. */
async function paidNotVerified() {
  const email = freshEmail();
  const cartId = await fillCart(app, lines(), "INR");
  const total = pageTotal(lines(), "INR") * 100;
  const created = await createOrder(app, orderBody(cartId, "razorpay", "INR", total, { email }));
  expect(created.statusCode, created.body).toBe(200);
  const { data } = created.json();
  const paid = await payByCard(app, data.data.id, data.key);
  return {
    email,
    orderId: data.order_id as number,
    confirm: () => verifyPayment(app, { amount: total, razorpay: true, cart_id: cartId, ...paid }),
  };
}

/** A cash-on-delivery order waiting for its code, the code already read from its e-mail. */
async function codNotConfirmed() {
  const email = freshEmail();
  const cartId = await fillCart(app, lines(), "INR");
  const amount = pageTotal(lines(), "INR", { shipping: COD_SHIPPING_FEE_INR });
  const created = await createOrder(app, orderBody(cartId, "cod", "INR", amount, { email }));
  expect(created.statusCode, created.body).toBe(200);
  const orderId = created.json().order_id as number;
  const code = await codeSentTo(app, email);
  return { email, orderId, confirm: () => confirmCod(app, { order_id: orderId, code }) };
}

const queuedTo = (email: string) =>
  app.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email)).orderBy(asc(emailOutbox.id));

async function drainOutbox() {
  for (;;) {
    const run = await app.services.outbox.deliverPending();
    expect(run.failed).toBe(0);
    if (run.delivered === 0) return;
  }
}

describe.each([
  ["a card payment's verify", paidNotVerified],
  ["a cash-on-delivery code", codNotConfirmed],
])("confirming with %s", (_name, prepare) => {
  it("numbers the invoice and queues the confirmation, drawing neither its PDF nor its HTML while the shopper waits", async () => {
    const { email, orderId, confirm } = await prepare();
    // Earlier e-mails (the code, other tests' confirmations) are sent first, so only the confirmation's count.
    await drainOutbox();
    Object.assign(drawn, { html: 0, pdf: 0 });
    const confirmed = await confirm();
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(drawn).toEqual({ html: 0, pdf: 0 });

    // The invoice row is there, numbered in the confirming transaction; the e-mail names it and keeps its letter.
    const invoice = await invoiceOfOrder(app.database.db, orderId);
    expect(invoice?.number).toMatch(/^[A-Z]+\/\d\d-\d\d\/\d{6}$/);
    const confirmation = (await queuedTo(email)).find((row) => row.attachments.length > 0);
    expect(confirmation).toMatchObject({
      status: "pending",
      html: null,
      attachments: [{ kind: "invoice", id: invoice!.id }],
    });
    expect(confirmation?.letter?.greeting).toMatch(/^Namaste /);

    // Opened before the e-mail is sent: the PDF is drawn for this request.
    const pdf = await app.inject({ url: `/api/orders/${orderId}/invoice.pdf?token=${invoice!.downloadToken}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(drawn).toEqual({ html: 0, pdf: 1 });

    // The worker draws the letter's HTML part (the seller's alert is plain text) and the attachment when it sends.
    await drainOutbox();
    expect(drawn).toEqual({ html: 1, pdf: 2 });
    const sent = smtp.received.find((m) => m.includes(`To: ${email}`) && m.includes("application/pdf"));
    expect(sent).toMatch(/Content-Type: text\/html/);
    expect(sent!.replace(/=\r\n/g, "")).toContain("Download your invoice");
  });
});

describe("the confirmation's pieces", () => {
  it("show each piece beside its own product's main photo", async () => {
    const pair = await pickVariants(app, { minStock: 10, count: 2 });
    for (const picked of pair) await setStock(app, picked, 1000);
    const photos = await mainPhotos(
      app.database.db,
      pair.map((p) => p.productId),
    );
    const expected = pair.map((p) => mailPhotoUrl(photos.get(p.productId)));
    // Two different photos, or the test could not tell one line's photo from another's.
    expect(new Set(expected).size).toBe(2);

    const email = freshEmail();
    const pieces = pair.map((v) => ({ variant: v }));
    const cartId = await fillCart(app, pieces, "INR");
    const total = pageTotal(pieces, "INR") * 100;
    const created = await createOrder(app, orderBody(cartId, "razorpay", "INR", total, { email }));
    expect(created.statusCode, created.body).toBe(200);
    const { data } = created.json();
    const paid = await payByCard(app, data.data.id, data.key);
    const confirmed = await verifyPayment(app, { amount: total, razorpay: true, cart_id: cartId, ...paid });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const confirmation = (await queuedTo(email)).find((row) => row.attachments.length > 0);
    const pictured = confirmation?.letter?.blocks.find((block) => block.kind === "pictured");
    expect(pictured?.kind === "pictured" && pictured.items.map((item) => item.image)).toEqual(expected);
  });
});
