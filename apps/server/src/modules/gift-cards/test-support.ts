import { asc, eq } from "drizzle-orm";
import { addDays, istDayOf } from "../../lib/seller-time";
import type { FastifyInstance } from "fastify";
import type { GiftCardProduct, GiftCardPurchaseResponse } from "@store/shared";
import { emailOutbox } from "../../email/tables";
import { uniqueEmail } from "../accounts/test-support";
import { call } from "../admin/test-support";
import { payByCard } from "../checkout/test-support";
import { giftCards } from "./tables";

/** An INR product with fixed amounts and a range, made by the owner through the API. */
export async function newProduct(app: FastifyInstance, admin: Record<string, string>, extra: object = {}) {
  const res = await call(app, admin, "POST", "/api/admin/gift-card-products", {
    name: "Festive gift card",
    description: "For Diwali, weddings and Rakhi.",
    currency: "INR",
    fixed_amounts: [2000, 500, 1000],
    min_amount: 500,
    max_amount: 25000,
    ...extra,
  });
  if (res.statusCode !== 200) throw new Error(`product: ${res.body}`);
  return res.json<GiftCardProduct>();
}

export const today = () => istDayOf(new Date());
export const tomorrow = () => addDays(today(), 1);

export function purchaseBody(productId: number, extra: Record<string, unknown> = {}) {
  return {
    product_id: productId,
    amount: 1000,
    recipient_name: "Kavya Sharma",
    recipient_email: uniqueEmail("recipient"),
    message: "Happy Diwali! Pick something lovely.",
    send_on: today(),
    buyer_name: "Rohan Sharma",
    buyer_email: uniqueEmail("buyer"),
    payment_method: "razorpay",
    ...extra,
  };
}

export async function purchase(app: FastifyInstance, body: Record<string, unknown>, headers = {}) {
  const res = await call(app, headers, "POST", "/api/gift-cards/purchase", body);
  if (res.statusCode !== 200) throw new Error(`purchase: ${res.body}`);
  return res.json<GiftCardPurchaseResponse>();
}

type Paid = Awaited<ReturnType<typeof payByCard>>;

/** The page's verify call with the widget's proof. */
export const verifyCard = (app: FastifyInstance, paid: Paid) =>
  call(app, {}, "POST", "/api/gift-cards/verify-payment", {
    payment_method: "razorpay",
    order_id: paid.razorpay_order_id,
    payment_id: paid.razorpay_payment_id,
    signature: paid.razorpay_signature,
  });

/** The simulator's "Pay now" (which also sends its webhooks), then the page's verify call. */
export async function payAndVerify(app: FastifyInstance, bought: GiftCardPurchaseResponse) {
  return verifyCard(app, await payByCard(app, bought.provider_order_id, bought.key));
}

export async function cardRow(app: FastifyInstance, id: number) {
  const [row] = await app.database.db.select().from(giftCards).where(eq(giftCards.id, id));
  return row!;
}

export const mailsTo = (app: FastifyInstance, to: string) =>
  app.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(asc(emailOutbox.id));

/** The code in the gift card e-mailed to `to` (the newest). */
export async function codeMailedTo(app: FastifyInstance, to: string): Promise<string> {
  const code = (await mailsTo(app, to))
    .map((m) => /^Code: ([A-Z0-9-]{24})$/m.exec(m.text)?.[1])
    .filter(Boolean)
    .at(-1);
  if (!code) throw new Error(`no gift card code was e-mailed to ${to}`);
  return code;
}
