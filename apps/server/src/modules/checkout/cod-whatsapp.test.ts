import { COD_SHIPPING_FEE_INR } from "@store/shared";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import { createTestApp } from "../../testing/test-app";
import { whatsappOutbox } from "../../whatsapp/tables";
import { notificationPreferences } from "../accounts/tables";
import { codeSentTo, confirmCod, createOrder, emailsTo, fillCart, orderBody, pageTotal } from "./test-support";

let app: FastifyInstance;
let variant: PickedVariant;
beforeAll(async () => {
  app = await createTestApp();
  const [a] = await pickVariants(app, { minStock: 10, count: 1 });
  if (!a) throw new Error("no variants");
  variant = a;
});
afterAll(() => app.close());

let n = 0;
/** A guest's cash-on-delivery checkout with its own e-mail and mobile number (the outbox is read per number). */
async function checkoutWith(extra: Record<string, unknown>) {
  n++;
  const email = `cod.wa.${process.pid}.${n}@example.in`;
  const mobile = `98${String(process.pid % 10_000).padStart(4, "0")}${String(n).padStart(4, "0")}`;
  const cartId = await fillCart(app, [{ variant }], "INR");
  const body = orderBody(cartId, "cod", "INR", pageTotal([{ variant }], "INR", { shipping: COD_SHIPPING_FEE_INR }), {
    email,
    mobile_number: mobile,
    ...extra,
  });
  return { email, number: `91${mobile}`, body, res: await createOrder(app, body) };
}

const codeMessages = (number: string) =>
  app.database.db.select().from(whatsappOutbox).where(eq(whatsappOutbox.to, number));

describe("the cash-on-delivery code on WhatsApp (decision 076)", () => {
  it("goes to the order's WhatsApp number by default, as an authentication template with no link, and confirms", async () => {
    const { email, number, res } = await checkoutWith({ cod_code_channel: undefined });
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ status: "awaiting_confirmation", channel: "whatsapp", whatsapp_available: true });
    expect(answer.sent_to).toBe(`+91 ${number.slice(2, 4)}xxxxxx${number.slice(-2)}`);
    expect(answer.message).toContain(`on WhatsApp to ${answer.sent_to}`);
    const [message, ...more] = await codeMessages(number);
    expect(more).toEqual([]);
    expect(message?.template).toBe("cod_code");
    expect(message?.parameters).toHaveLength(1);
    expect(message?.parameters[0]).toMatch(/^\d{6}$/);
    expect(await emailsTo(app, email)).toEqual([]);

    const confirmed = await confirmCod(app, { order_id: answer.order_id, code: message!.parameters[0] });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: "cod_confirmed", order_page: expect.stringMatching(/placed=1$/) });
  });

  it("goes by e-mail when asked, and then on WhatsApp again when asked; only the newest code works", async () => {
    const { email, number, body, res } = await checkoutWith({});
    expect(res.json()).toMatchObject({ channel: "email", sent_to: email, whatsapp_available: true });
    const mailed = await codeSentTo(app, email);
    expect(await codeMessages(number)).toEqual([]);

    const again = await createOrder(app, { ...body, cod_code_channel: "whatsapp" });
    expect(again.json()).toMatchObject({ channel: "whatsapp", order_id: res.json().order_id });
    const [message] = await codeMessages(number);
    const stale = await confirmCod(app, { order_id: res.json().order_id, code: mailed });
    expect(mailed === message?.parameters[0] || stale.statusCode === 422).toBe(true);
  });

  it("falls back to e-mail when the number has turned WhatsApp off", async () => {
    n++;
    const mobile = `97${String(process.pid % 10_000).padStart(4, "0")}${String(n).padStart(4, "0")}`;
    await app.database.db
      .insert(notificationPreferences)
      .values({ channel: "whatsapp", contact: `91${mobile}`, enabled: false });
    const { email, res } = await checkoutWith({ cod_code_channel: "whatsapp", mobile_number: mobile });
    expect(res.json()).toMatchObject({ channel: "email", sent_to: email, whatsapp_available: false });
    expect(await codeMessages(`91${mobile}`)).toEqual([]);
    expect(await codeSentTo(app, email)).toMatch(/^\d{6}$/);
  });

  it("refuses a channel it does not know with a 400 naming the field", async () => {
    const { res } = await checkoutWith({ cod_code_channel: "sms" });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("cod_code_channel");
  });
});
