import { asc, count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../testing/test-app";
import {
  emailContact,
  loadNotificationLinksSecret,
  setNotificationPreference,
} from "../accounts/notification-preferences";
import { newShopper, tokenHeader, uniqueEmail } from "../accounts/test-support";
import { newAdmin } from "../admin/test-support";
import {
  createListeningTestApp,
  createOrder,
  emailsTo,
  fillCart,
  orderBody,
  pageTotal,
  payByCard,
  setStock,
  verifyPayment,
} from "../checkout/test-support";
import { createReminderLinks } from "./reminder-links";
import { cartLines, cartReminders, carts } from "./tables";
import { pickVariants, type PickedVariant } from "./test-support";

const HOUR = 3_600_000;
const SUBJECT = "Your cart is waiting for you";

let app: FastifyInstance;
let variants: PickedVariant[];
let nextVariant = 0;
/** A variant no other test in this file touches (stock is changed by some). */
const freshVariant = () => {
  const variant = variants[nextVariant++];
  if (!variant) throw new Error("out of variants");
  return variant;
};

beforeAll(async () => {
  app = await createListeningTestApp();
  variants = await pickVariants(app, { minStock: 5, count: 20 });
});
afterAll(() => app.close());

const sweep = (hoursLater: number, email?: string) =>
  app.services.cart.sendReminders(new Date(Date.now() + hoursLater * HOUR), { email });
const remindersTo = async (email: string) => (await emailsTo(app, email)).filter((m) => m.subject === SUBJECT);
const remindersOf = (cartId: string) =>
  app.database.db.select().from(cartReminders).where(eq(cartReminders.cartId, cartId)).orderBy(asc(cartReminders.id));

function restoreLink(text: string): { reminder: number; signature: string } {
  const match = /\/cart\/restore\?r=(\d+)&s=([\w-]+)/.exec(text);
  if (!match?.[1] || !match[2]) throw new Error(`no restore link in: ${text}`);
  return { reminder: Number(match[1]), signature: match[2] };
}

const restore = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  app.inject({ method: "POST", url: "/api/cart/restore/", payload, headers });

async function linesOf(cartId: string) {
  return app.database.db
    .select({ productId: cartLines.productId, size: cartLines.size, quantity: cartLines.quantity })
    .from(cartLines)
    .where(eq(cartLines.cartId, cartId))
    .orderBy(asc(cartLines.productId), asc(cartLines.size));
}

async function rowCounts() {
  const db = app.database.db;
  return {
    carts: (await db.select({ n: count() }).from(carts))[0]?.n,
    lines: (await db.select({ n: count() }).from(cartLines))[0]?.n,
    reminders: (await db.select({ n: count() }).from(cartReminders))[0]?.n,
  };
}

/** A signed-in shopper's cart holding one piece each of `lines`. */
async function shopperCart(...lines: PickedVariant[]) {
  const shopper = await newShopper(app);
  const cartId = await fillCart(
    app,
    lines.map((variant) => ({ variant })),
    "USD",
    tokenHeader(shopper.token),
  );
  return { ...shopper, cartId };
}

/** A guest who reached checkout with an e-mail and left the order unpaid. */
async function guestCheckout(variant: PickedVariant, email = uniqueEmail("guest")) {
  const lines = [{ variant }];
  const cartId = await fillCart(app, lines, "INR");
  const total = pageTotal(lines, "INR") * 100;
  const created = await createOrder(app, orderBody(cartId, "razorpay", "INR", total, { email }));
  if (created.statusCode !== 200) throw new Error(`create-order failed: ${created.body}`);
  return { cartId, email, total, order: created.json().data };
}

describe("the reminder sweep", () => {
  it("e-mails a signed-in shopper's cart once after 24 hours, with its pieces and a restore link", async () => {
    const [a, b] = [freshVariant(), freshVariant()];
    const shopper = await shopperCart(a, b);

    expect(await sweep(23, shopper.email)).toBe(0);
    expect(await remindersTo(shopper.email)).toHaveLength(0);

    expect(await sweep(25, shopper.email)).toBe(1);
    const [mail, ...more] = await remindersTo(shopper.email);
    expect(more).toHaveLength(0);
    expect(mail?.text).toContain("Namaste Asha,");
    for (const v of [a, b]) expect(mail?.text).toContain(`${v.name} - size ${v.size} x 1`);
    expect(mail?.text).toContain("Return to your cart:");
    expect(mail?.text).toContain("{{opt_out_url}}");
    expect(mail?.html).toContain("Return to your cart");
    expect(restoreLink(mail?.text ?? "").reminder).toBeGreaterThan(0);

    // A second sweep, later still: never a second reminder for the same cart.
    expect(await sweep(30, shopper.email)).toBe(0);
    expect(await remindersTo(shopper.email)).toHaveLength(1);
    expect(await remindersOf(shopper.cartId)).toHaveLength(1);
  });

  it("sends one reminder when two sweeps race", async () => {
    const shopper = await shopperCart(freshVariant());
    const sent = await Promise.all([sweep(25, shopper.email), sweep(25, shopper.email)]);
    expect(sent[0] + sent[1]).toBe(1);
    expect(await remindersTo(shopper.email)).toHaveLength(1);
    expect(await remindersOf(shopper.cartId)).toHaveLength(1);
  });

  it("leaves out carts older than the 72-hour window", async () => {
    const shopper = await shopperCart(freshVariant());
    expect(await sweep(73, shopper.email)).toBe(0);
    expect(await remindersOf(shopper.cartId)).toHaveLength(0);
  });

  it("e-mails a guest at the address given at checkout", async () => {
    const guest = await guestCheckout(freshVariant());
    expect(await sweep(25, guest.email)).toBe(1);
    const [mail] = await remindersTo(guest.email);
    expect(mail?.text).toContain("Namaste,");
    expect(mail?.text).toMatch(/₹|Rs/);
    expect(await remindersOf(guest.cartId)).toHaveLength(1);
  });

  it("never e-mails a guest who gave no address", async () => {
    const cartId = await fillCart(app, [{ variant: freshVariant() }], "USD");
    await sweep(25);
    expect(await remindersOf(cartId)).toHaveLength(0);
  });

  it("never e-mails a shopper who turned e-mail updates off (by address or account)", async () => {
    const shopper = await shopperCart(freshVariant());
    await setNotificationPreference(app.database.db, "email", emailContact(shopper.email), false);
    const guest = await guestCheckout(freshVariant());
    await setNotificationPreference(app.database.db, "email", emailContact(guest.email), false);

    expect(await sweep(25, shopper.email)).toBe(0);
    expect(await sweep(25, guest.email)).toBe(0);
    expect(await remindersTo(shopper.email)).toHaveLength(0);
    expect(await remindersOf(shopper.cartId)).toHaveLength(0);
    expect(await remindersOf(guest.cartId)).toHaveLength(0);
  });

  it("leaves sold-out pieces out, and skips a cart with nothing left to buy until a restock", async () => {
    const [kept, soldOut, only] = [freshVariant(), freshVariant(), freshVariant()];
    const mixed = await shopperCart(kept, soldOut);
    const empty = await shopperCart(only);
    await setStock(app, soldOut, 0);
    await setStock(app, only, 0);

    expect(await sweep(25, mixed.email)).toBe(1);
    const [mail] = await remindersTo(mixed.email);
    expect(mail?.text).toContain(kept.name);
    expect(mail?.text).not.toContain(soldOut.name);
    const [row] = await remindersOf(mixed.cartId);
    expect(row?.pieces).toEqual([{ productId: kept.productId, size: kept.size, quantity: 1 }]);

    expect(await sweep(25, empty.email)).toBe(0);
    expect(await remindersOf(empty.cartId)).toHaveLength(0);
    await setStock(app, only, 4);
    expect(await sweep(26, empty.email)).toBe(1);
  });
});

describe("the restore link", () => {
  let reminded: {
    cartId: string;
    email: string;
    variants: PickedVariant[];
    link: { reminder: number; signature: string };
  };
  beforeAll(async () => {
    const pieces = [freshVariant(), freshVariant()];
    const shopper = await shopperCart(...pieces);
    await sweep(25, shopper.email);
    const [mail] = await remindersTo(shopper.email);
    reminded = { cartId: shopper.cartId, email: shopper.email, variants: pieces, link: restoreLink(mail?.text ?? "") };
  });

  it("restores the pieces into a new guest cart on another device, twice without doubling", async () => {
    const first = await restore(reminded.link);
    expect(first.statusCode).toBe(200);
    const cartId: string = first.json().cart_id;
    expect(cartId).not.toBe(reminded.cartId);
    expect(first.json().count).toBe(2);
    expect(await linesOf(cartId)).toEqual(await linesOf(reminded.cartId));

    const again = await restore({ ...reminded.link, cart_id: cartId });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ cart_id: cartId, count: 2 });
    expect(await linesOf(cartId)).toEqual(await linesOf(reminded.cartId));

    const [row] = await remindersOf(reminded.cartId);
    expect(row?.restoredAt).toBeInstanceOf(Date);
    expect(row?.restoredCartId).toBe(cartId);
  });

  it("restores into a signed-in shopper's own cart, keeping what it had", async () => {
    const other = await shopperCart(freshVariant());
    const res = await restore(reminded.link, tokenHeader(other.token));
    expect(res.statusCode).toBe(200);
    expect(res.json().cart_id).toBe(other.cartId);
    expect(res.json().count).toBe(3);
  });

  it("refuses a forged signature or an unknown reminder with a 404, changing nothing", async () => {
    const before = await rowCounts();
    const [rowBefore] = await remindersOf(reminded.cartId);
    const genuine = createReminderLinks(await loadNotificationLinksSecret(app.database.db));
    const unknownId = 2_000_000;
    const unknownSignature = restoreLink(genuine.href(unknownId)).signature;
    for (const payload of [
      { ...reminded.link, signature: `${reminded.link.signature.slice(0, -2)}xx` },
      { reminder: reminded.link.reminder + 1, signature: reminded.link.signature },
      { reminder: unknownId, signature: unknownSignature },
    ]) {
      const res = await restore(payload);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: "LINK_NOT_VALID", message: "This link is not valid or has expired." });
    }
    expect(await rowCounts()).toEqual(before);
    expect((await remindersOf(reminded.cartId))[0]).toEqual(rowBefore);
  });

  it("refuses a malformed request with a 400", async () => {
    const before = await rowCounts();
    for (const payload of [{}, { reminder: "x", signature: "y" }, { ...reminded.link, cart_id: "not-a-cart" }]) {
      expect((await restore(payload)).statusCode).toBe(400);
    }
    expect(await rowCounts()).toEqual(before);
  });
});

describe("recovery and the dashboard", () => {
  it("counts a cart recovered once, when its order is paid, and shows the figures", async () => {
    const guest = await guestCheckout(freshVariant());
    expect(await sweep(25, guest.email)).toBe(1);
    const paid = await payByCard(app, guest.order.data.id, guest.order.key);
    const verify = { amount: guest.total, razorpay: true, cart_id: guest.cartId, ...paid };
    const verified = await verifyPayment(app, verify);
    expect(verified.json().status).toBe("paid");
    const [row] = await remindersOf(guest.cartId);
    expect(row?.recoveredAt).toBeInstanceOf(Date);
    expect(row?.recoveredOrderId).toBe(guest.order.order_id);

    // The same payment verified again recovers nothing more.
    await verifyPayment(app, verify);
    expect(await remindersOf(guest.cartId)).toEqual([row]);

    const admin = await newAdmin(app);
    const dashboard = await app.inject({ url: "/api/admin/dashboard", headers: admin.headers });
    expect(dashboard.statusCode).toBe(200);
    const all = await app.database.db.select().from(cartReminders);
    expect(dashboard.json().cart_reminders).toEqual({
      sent: all.length,
      restored: all.filter((r) => r.restoredAt).length,
      recovered: all.filter((r) => r.recoveredAt).length,
    });
    expect(dashboard.json().cart_reminders.recovered).toBeGreaterThanOrEqual(1);
    expect(dashboard.json().cart_reminders.sent).toBeGreaterThanOrEqual(5);
  });

  it("reminds a recovered cart again only after it changed since the order", async () => {
    const shopper = await shopperCart(freshVariant());
    await sweep(25, shopper.email);
    await app.database.db
      .update(cartReminders)
      .set({ recoveredAt: new Date() })
      .where(eq(cartReminders.cartId, shopper.cartId));
    expect(await sweep(26, shopper.email)).toBe(0);
    await fillCart(app, [{ variant: freshVariant() }], "USD", tokenHeader(shopper.token));
    expect(await sweep(50, shopper.email)).toBe(1);
    expect(await remindersOf(shopper.cartId)).toHaveLength(2);
  });
});

describe("the simulator's clock route", () => {
  it("runs a sweep as of a later time for one shopper, and refuses bad input", async () => {
    const shopper = await shopperCart(freshVariant());
    const now = new Date(Date.now() + 25 * HOUR).toISOString();
    const post = (payload: Record<string, unknown>) =>
      app.inject({ method: "POST", url: "/sim/jobs/cart-reminders", payload });
    expect((await post({ now: "tomorrow" })).statusCode).toBe(400);
    expect((await post({ now, email: "nobody" })).statusCode).toBe(400);
    const res = await post({ now, email: shopper.email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: 1 });
    expect((await post({ now, email: shopper.email })).json()).toEqual({ sent: 0 });
  });

  it("is not mounted without the simulators (production)", async () => {
    const production = await createTestApp({ config: { simulator: false } });
    try {
      const res = await production.inject({
        method: "POST",
        url: "/sim/jobs/cart-reminders",
        payload: { now: new Date().toISOString() },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
