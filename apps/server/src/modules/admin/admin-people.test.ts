import type { FastifyInstance } from "fastify";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../testing/test-app";
import { users } from "../accounts/tables";
import { orders } from "../orders/tables";
import { postAuth, uniqueEmail } from "../accounts/test-support";
import { emailOutbox } from "../../email/tables";
import { auditLog } from "./tables";
import { call, insertOrder, newAdmin, newStaff } from "./test-support";

let app: FastifyInstance;
let owner: Awaited<ReturnType<typeof newAdmin>>;

beforeAll(async () => {
  app = await createTestApp();
  owner = await newAdmin(app);
});
afterAll(() => app.close());

describe("GET /api/admin/customers", () => {
  it("groups placed orders per guest e-mail with spend per currency, leaving out unplaced checkouts", async () => {
    const name = `Kavya ${uniqueEmail("k").split("@")[0]}`;
    const email = uniqueEmail("kavya");
    const seed = { deliveryName: name } as const;
    const ids = [];
    for (const extra of [
      { currency: "INR", total: 150_000 },
      { currency: "INR", total: 50_000, paymentMethod: "cod" },
      { currency: "USD", total: 4_500 },
      { currency: "USD", total: 9_900, status: "cancelled" },
      { currency: "INR", total: 999_900, status: "pending_payment" },
      { currency: "INR", total: 999_900, status: "expired" },
      { currency: "INR", total: 999_900, status: "awaiting_confirmation", paymentMethod: "cod" },
    ] as const) {
      const { order } = await insertOrder(app, { ...seed, ...extra });
      ids.push(order.id);
    }
    // insertOrder writes the same e-mail for every order; give these their own guest address (any case).
    await app.database.db.update(orders).set({ email: email.toUpperCase() }).where(inArray(orders.id, ids));

    const res = await call(app, owner.headers, "GET", `/api/admin/customers?query=${encodeURIComponent(name)}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(1);
    const [customer] = body.data;
    expect(customer).toMatchObject({
      key: `email-${email}`,
      user_id: null,
      name,
      orders: 4,
      phone: "+91 +91 98290 41234",
    });
    expect(customer.spend).toEqual([
      { currency: "INR", orders: 2, total_minor: 200_000 },
      { currency: "USD", orders: 1, total_minor: 4_500 },
    ]);

    const detail = await call(app, owner.headers, "GET", `/api/admin/customers/${encodeURIComponent(customer.key)}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(
      detail
        .json()
        .recent_orders.map((o: { id: number }) => o.id)
        .sort(),
    ).toEqual(ids.slice(0, 4).sort());
  });

  it("finds an account's orders by the account's e-mail, and answers 404 / 400 for unknown or bad keys", async () => {
    const { userId, email } = await newAdmin(app);
    await insertOrder(app, { userId, currency: "USD", total: 12_300 });
    const res = await call(app, owner.headers, "GET", `/api/admin/customers?query=${encodeURIComponent(email)}`);
    expect(res.json().data).toEqual([expect.objectContaining({ key: `user-${userId}`, user_id: userId, orders: 1 })]);
    expect((await call(app, owner.headers, "GET", "/api/admin/customers/user-999999")).statusCode).toBe(404);
    expect((await call(app, owner.headers, "GET", "/api/admin/customers/nobody")).statusCode).toBe(400);
    expect((await call(app, owner.headers, "GET", "/api/admin/customers?page=0")).statusCode).toBe(400);
  });
});

describe("staff accounts", () => {
  it("invites a new e-mail: set-password link, then staff can fulfil but not change prices or settings", async () => {
    const staff = await newStaff(app, owner.headers);
    // The invitation's link lands the new staff member in the back office once the password is set.
    const [invitation] = await app.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, staff.email));
    expect(invitation?.text).toMatch(/\/set-password\?token=[\w-]+&next=%2Fadmin/);
    const me = await call(app, staff.headers, "GET", "/api/me/");
    expect(me.json().user.role).toBe("staff");
    expect((await call(app, staff.headers, "GET", "/api/admin/orders")).statusCode).toBe(200);
    const refused = await call(app, staff.headers, "PATCH", "/api/admin/products/1", { name: "Cheaper" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("This needs the owner's account.");
    expect((await call(app, staff.headers, "GET", "/api/admin/settings")).statusCode).toBe(403);
    expect((await call(app, staff.headers, "GET", "/api/admin/staff")).statusCode).toBe(403);

    const list = await call(app, owner.headers, "GET", "/api/admin/staff");
    expect(list.json().data).toContainEqual(
      expect.objectContaining({ id: staff.userId, email: staff.email, role: "staff", has_password: true }),
    );
    const [audit] = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(staff.userId)));
    expect(audit).toMatchObject({ action: "invite_staff", actorUserId: owner.userId });
  });

  it("lets staff ship a real order but not cancel it (the order is unchanged by the refusal)", async () => {
    const staff = await newStaff(app, owner.headers);
    const { order } = await insertOrder(app, { paymentMethod: "cod" });
    const url = `/api/admin/orders/${order.id}/status`;
    const cancel = await call(app, staff.headers, "POST", url, { status: "cancelled" });
    expect(cancel.statusCode).toBe(403);
    const [still] = await app.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(still?.status).toBe("cod_confirmed");
    const ship = await call(app, staff.headers, "POST", url, { status: "shipped", tracking_number: "JKH-STAFF-1" });
    expect(ship.statusCode, ship.body).toBe(200);
  });

  it("promotes an existing shopper without a new password, and refuses an e-mail that already has access (409)", async () => {
    const email = uniqueEmail("shopper");
    await postAuth(app, "/api/signup/", {
      email,
      mobile_number: "+91 98290 41234",
      country_code: "+91",
      first_name: "Ravi",
      last_name: "Sharma",
      password: "ravi's own password",
    });
    const res = await call(app, owner.headers, "POST", "/api/admin/staff", { email: email.toUpperCase() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ role: "staff", has_password: true, name: "Ravi Sharma" });
    const again = await call(app, owner.headers, "POST", "/api/admin/staff", { email, role: "admin" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`${email} already has access to the back office.`);
  });

  it("refuses bad input with a 400 and changes nothing", async () => {
    for (const body of [{}, { email: "not-an-email" }, { email: uniqueEmail(), role: "shopper" }]) {
      const res = await call(app, owner.headers, "POST", "/api/admin/staff", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const badRole = await call(app, owner.headers, "PATCH", `/api/admin/staff/${owner.userId}`, { role: "god" });
    expect(badRole.statusCode).toBe(400);
  });

  it("never lets anyone change or remove their own access; removing staff makes them a shopper again", async () => {
    const solo = await createTestApp({ seed: false });
    try {
      const boss = await newAdmin(solo);
      const mine = await call(solo, boss.headers, "PATCH", `/api/admin/staff/${boss.userId}`, { role: "staff" });
      expect(mine.statusCode).toBe(409);
      expect(mine.json().message).toBe("You cannot change or remove your own access; ask another owner.");
      expect((await call(solo, boss.headers, "DELETE", `/api/admin/staff/${boss.userId}`)).statusCode).toBe(409);

      const second = await newAdmin(solo);
      const demote = await call(solo, boss.headers, "PATCH", `/api/admin/staff/${second.userId}`, { role: "staff" });
      expect(demote.statusCode, demote.body).toBe(200);
      // Staff cannot reach the staff screen at all, so cannot remove the owner.
      expect((await call(solo, second.headers, "DELETE", `/api/admin/staff/${boss.userId}`)).statusCode).toBe(403);
      const removed = await call(solo, boss.headers, "DELETE", `/api/admin/staff/${second.userId}`);
      expect(removed.statusCode).toBe(204);
      const after = await call(solo, second.headers, "GET", "/api/admin/orders");
      expect(after.statusCode).toBe(403);
      expect(after.json().message).toBe("This needs an administrator account.");
      expect((await call(solo, boss.headers, "DELETE", `/api/admin/staff/${second.userId}`)).statusCode).toBe(404);
    } finally {
      await solo.close();
    }
  });

  it("never demotes the last owner, even when the service is asked by someone else (a race, a script)", async () => {
    const solo = await createTestApp({ seed: false });
    try {
      const boss = await newAdmin(solo);
      const staff = await newStaff(solo, boss.headers);
      const asStaff = { ...boss, id: staff.userId } as unknown as Parameters<
        typeof solo.services.admin.staff.remove
      >[0];
      await expect(solo.services.admin.staff.remove(asStaff, boss.userId)).rejects.toMatchObject({
        code: "LAST_OWNER",
        message: "The shop needs at least one owner: make someone else an owner first.",
      });
      const [row] = await solo.database.db.select().from(users).where(eq(users.id, boss.userId));
      expect(row?.role).toBe("admin");
    } finally {
      await solo.close();
    }
  });
});

describe("seller settings", () => {
  it("saves the alert address and switches, audited; refuses bad input with a 400 and keeps the row", async () => {
    const initial = await call(app, owner.headers, "GET", "/api/admin/settings");
    expect(initial.statusCode).toBe(200);
    const saved = await call(app, owner.headers, "PUT", "/api/admin/settings", {
      alert_email: "orders@jaipurkalahouse.in",
      alert_new_orders: false,
      alert_new_queries: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      alert_email: "orders@jaipurkalahouse.in",
      alert_new_orders: false,
      alert_new_queries: true,
      alerts_to: "orders@jaipurkalahouse.in",
    });
    for (const body of [
      { alert_email: "nope", alert_new_orders: true, alert_new_queries: true },
      { alert_email: "", alert_new_orders: "yes", alert_new_queries: true },
      { alert_email: "", alert_new_orders: true },
    ]) {
      const res = await call(app, owner.headers, "PUT", "/api/admin/settings", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call(app, owner.headers, "GET", "/api/admin/settings")).json()).toEqual(saved.json());
    const audit = await call(app, owner.headers, "GET", "/api/admin/audit-log?entity=seller_settings");
    expect(audit.json().data[0].changes.alert_new_orders).toEqual({ before: true, after: false });
  });
});

describe("GET /api/admin/audit-log filters", () => {
  it("filters by actor e-mail and IST dates", async () => {
    const mine = await call(app, owner.headers, "GET", `/api/admin/audit-log?actor=${encodeURIComponent(owner.email)}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.every((e: { actor: { email: string } }) => e.actor.email === owner.email)).toBe(true);
    const nobody = await call(app, owner.headers, "GET", "/api/admin/audit-log?actor=nobody%40example.in");
    expect(nobody.json().total).toBe(0);
    const old = await call(app, owner.headers, "GET", "/api/admin/audit-log?from=2001-01-01&to=2001-01-02");
    expect(old.json().total).toBe(0);
    const reversed = await call(app, owner.headers, "GET", "/api/admin/audit-log?from=2026-02-01&to=2026-01-01");
    expect(reversed.statusCode).toBe(400);
  });
});
