import { asc, count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COD_SHIPPING_FEE_INR } from "@store/shared";
import { queuedHtml } from "../../email/test-support";
import { createTestApp, simulatorSecretHeader } from "../../testing/test-app";
import {
  emailContact,
  loadNotificationLinksSecret,
  setNotificationPreference,
} from "../accounts/notification-preferences";
import { newShopper, tokenHeader, uniqueEmail, verifiedShopper } from "../accounts/test-support";
import { newAdmin } from "../admin/test-support";
import {
  codeSentTo,
  confirmCod,
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
import { addBody, pickVariants, type PickedVariant } from "./test-support";

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
  variants = await pickVariants(app, { minStock: 5, count: 40 });
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

/** A signed-in shopper's cart holding one piece each of `lines`; the account's address verified unless told. */
async function shopperCart(...lines: PickedVariant[]) {
  return cartOf(await verifiedShopper(app), lines);
}

async function cartOf(shopper: Awaited<ReturnType<typeof newShopper>>, lines: PickedVariant[]) {
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

/** A guest's checkout paid through the simulated provider: the address has completed an order. */
async function paidCheckout(checkout: Awaited<ReturnType<typeof guestCheckout>>) {
  const paid = await payByCard(app, checkout.order.data.id, checkout.order.key);
  const verify = { amount: checkout.total, razorpay: true, cart_id: checkout.cartId, ...paid };
  const verified = await verifyPayment(app, verify);
  expect(verified.json().status).toBe("paid");
  return verify;
}

/** An address that bought here before (one paid order), now at checkout again with another cart, unpaid. */
async function returningGuest(variant: PickedVariant, email = uniqueEmail("returning")) {
  await paidCheckout(await guestCheckout(freshVariant(), email));
  return guestCheckout(variant, email);
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
    expect(await queuedHtml(mail!)).toContain("Return to your cart");
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

  it("e-mails a returning guest at the address given at checkout", async () => {
    const guest = await returningGuest(freshVariant());
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
    const guest = await returningGuest(freshVariant());
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
    expect(row?.pieces).toEqual([{ productId: kept.productId, size: kept.size, quantity: 1, notes: "" }]);

    expect(await sweep(25, empty.email)).toBe(0);
    expect(await remindersOf(empty.cartId)).toHaveLength(0);
    await setStock(app, only, 4);
    expect(await sweep(26, empty.email)).toBe(1);
  });
});

describe("who gets a reminder (decision 062)", () => {
  it("never e-mails an address that has not proved itself: a guest's first checkout, an unverified account", async () => {
    const before = await rowCounts();
    const guest = await guestCheckout(freshVariant());
    const unverified = await cartOf(await newShopper(app), [freshVariant()]);
    expect(await sweep(25, guest.email)).toBe(0);
    expect(await sweep(25, unverified.email)).toBe(0);
    expect(await remindersTo(guest.email)).toEqual([]);
    expect(await remindersTo(unverified.email)).toEqual([]);
    expect((await rowCounts()).reminders).toBe(before.reminders);
  });

  it("e-mails an address once its cash-on-delivery order was confirmed with the code sent there", async () => {
    const email = uniqueEmail("cod");
    const lines = [{ variant: freshVariant() }];
    const first = await fillCart(app, lines, "INR");
    const waiting = await createOrder(
      app,
      orderBody(first, "cod", "INR", pageTotal(lines, "INR", { shipping: COD_SHIPPING_FEE_INR }), { email }),
    );
    expect(waiting.statusCode).toBe(200);
    const abandoned = await guestCheckout(freshVariant(), email);
    // Waiting for its code, the first order proves nothing yet.
    expect(await sweep(25, email)).toBe(0);
    const confirmed = await confirmCod(app, { order_id: waiting.json().order_id, code: await codeSentTo(app, email) });
    expect(confirmed.statusCode).toBe(200);
    expect(await sweep(25, email)).toBe(1);
    expect(await remindersOf(abandoned.cartId)).toHaveLength(1);
  });

  it("sends one address one reminder a week, however many carts name it, racing sweeps included", async () => {
    const email = uniqueEmail("many-carts");
    const first = await returningGuest(freshVariant(), email);
    const second = await guestCheckout(freshVariant(), email);
    const third = await guestCheckout(freshVariant(), email);
    const sent = await Promise.all([sweep(25, email), sweep(25, email)]);
    expect(sent[0] + sent[1]).toBe(1);
    expect(await sweep(30, email)).toBe(0);
    expect(await remindersTo(email)).toHaveLength(1);
    const rows = await app.database.db.select().from(cartReminders).where(eq(cartReminders.email, email));
    expect(rows).toHaveLength(1);

    // A week later the shopper fills one of the others again and leaves it: the next week's reminder.
    const waitingCart = [first, second, third].find((c) => c.cartId !== rows[0]?.cartId)!;
    const weekLater = new Date(Date.now() + 7 * 24 * HOUR);
    await app.database.db.update(carts).set({ updatedAt: weekLater }).where(eq(carts.id, waitingCart.cartId));
    expect(await sweep(7 * 24 + 26, email)).toBe(1);
    expect(await remindersOf(waitingCart.cartId)).toHaveLength(1);
    expect(await remindersTo(email)).toHaveLength(2);
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

  it("brings a made-to-order piece back with its notes, so checkout takes it", async () => {
    const tailored = freshVariant();
    const admin = await newAdmin(app);
    const made = await app.inject({
      method: "PATCH",
      url: `/api/admin/products/${tailored.productId}`,
      headers: admin.headers,
      payload: {
        made_to_order_days: 10,
        made_to_order_prompt: "Your measurements",
        made_to_order_notes_required: true,
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    const notes = "Chest 96 cm, length 110 cm";
    const shopper = await verifiedShopper(app);
    const added = await app.inject({
      method: "POST",
      url: "/api/cart-items/",
      headers: tokenHeader(shopper.token),
      payload: addBody(tailored, { notes }, "INR"),
    });
    expect(added.statusCode, added.body).toBe(200);
    await sweep(25, shopper.email);
    const [mail] = await remindersTo(shopper.email);
    const link = restoreLink(mail?.text ?? "");

    const first = await restore(link);
    expect(first.statusCode, first.body).toBe(200);
    const cartId: string = first.json().cart_id;
    const restoredNotes = () =>
      app.database.db
        .select({ notes: cartLines.notes, quantity: cartLines.quantity })
        .from(cartLines)
        .where(eq(cartLines.cartId, cartId));
    expect(await restoredNotes()).toEqual([{ notes, quantity: 1 }]);
    // Opened again: the same line, not a second one without notes.
    expect((await restore({ ...link, cart_id: cartId })).statusCode).toBe(200);
    expect(await restoredNotes()).toEqual([{ notes, quantity: 1 }]);

    const total = pageTotal([{ variant: tailored }], "INR") * 100;
    const created = await createOrder(app, orderBody(cartId, "razorpay", "INR", total, { email: shopper.email }));
    expect(created.statusCode, created.body).toBe(200);
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
    const guest = await returningGuest(freshVariant());
    expect(await sweep(25, guest.email)).toBe(1);
    const verify = await paidCheckout(guest);
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

  it("reminds a recovered cart again only after it changed since the order, and not within the address's week", async () => {
    const shopper = await shopperCart(freshVariant());
    await sweep(25, shopper.email);
    await app.database.db
      .update(cartReminders)
      .set({ recoveredAt: new Date() })
      .where(eq(cartReminders.cartId, shopper.cartId));
    expect(await sweep(26, shopper.email)).toBe(0);
    await fillCart(app, [{ variant: freshVariant() }], "USD", tokenHeader(shopper.token));
    expect(await sweep(50, shopper.email)).toBe(0);
    // Left again a week later: a reminder once more.
    const weekLater = new Date(Date.now() + 7 * 24 * HOUR);
    await app.database.db.update(carts).set({ updatedAt: weekLater }).where(eq(carts.id, shopper.cartId));
    expect(await sweep(7 * 24 + 26, shopper.email)).toBe(1);
    expect(await remindersOf(shopper.cartId)).toHaveLength(2);
  });
});

describe("the simulator's clock route", () => {
  it("runs a sweep as of a later time for one shopper, and refuses bad input", async () => {
    const shopper = await shopperCart(freshVariant());
    const now = new Date(Date.now() + 25 * HOUR).toISOString();
    const headers = await simulatorSecretHeader(app);
    const post = (payload: Record<string, unknown>) =>
      app.inject({ method: "POST", url: "/sim/jobs/cart-reminders", payload, headers });
    expect((await post({ now: "tomorrow" })).statusCode).toBe(400);
    expect((await post({ now, email: "nobody" })).statusCode).toBe(400);
    const res = await post({ now, email: shopper.email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: 1 });
    expect((await post({ now, email: shopper.email })).json()).toEqual({ sent: 0 });
  });

  it("is refused to a stranger (401) and to a shopper (403), sweeping nothing", async () => {
    const shopper = await shopperCart(freshVariant());
    const payload = { now: new Date(Date.now() + 25 * HOUR).toISOString(), email: shopper.email };
    const asked = (headers: Record<string, string>) =>
      app.inject({ method: "POST", url: "/sim/jobs/cart-reminders", payload, headers });
    expect((await asked({})).statusCode).toBe(401);
    expect((await asked(tokenHeader(shopper.token))).statusCode).toBe(403);
    expect((await asked({ "x-simulator-secret": "guessed" })).statusCode).toBe(403);
    expect(await remindersOf(shopper.cartId)).toEqual([]);
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
