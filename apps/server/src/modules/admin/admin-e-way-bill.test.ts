import { and, count, eq } from "drizzle-orm";
import { priceIn, type AdminOrderDetail, type ShipmentResults } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import {
  createListeningTestApp,
  createOrder,
  fillCart,
  orderBody,
  payByCard,
  setStock,
  verifyPayment,
} from "../checkout/test-support";
import { invoiceOfOrder } from "../invoices/read";
import { readSellerGst } from "../settings/service";
import { findShipment } from "../shipping/simulator/records";
import { shipments } from "../shipping/tables";
import { auditLog } from "./tables";
import { call, newAdmin, newStaff } from "./test-support";

let app: FastifyInstance;
let owner: Record<string, string>;
let staff: Record<string, string>;
let variant: PickedVariant;
beforeAll(async () => {
  app = await createListeningTestApp();
  owner = (await newAdmin(app)).headers;
  staff = (await newStaff(app, owner)).headers;
  [variant] = (await pickVariants(app, { minStock: 1 })) as [PickedVariant];
  await setStock(app, variant, 5000);
});
afterAll(async () => {
  await app.services.shipping.gateway.simulator?.settled();
  await app.close();
});

const MUMBAI = {
  city: "Mumbai",
  state: "Maharashtra",
  pin_code: "400001",
  delivery_address: "4 Marine Drive, Churchgate",
};
const NUMBER = "331001234567";

/** A card order paid through the simulated widget, of at least `rupees` worth of one product, to `address`. */
async function orderWorth(rupees: number, address: Record<string, unknown> = {}) {
  const unit = priceIn("INR", variant.offerCents);
  const quantity = Math.ceil(rupees / unit);
  const cartId = await fillCart(app, [{ variant, quantity }], "INR");
  const total = unit * quantity * 100;
  const created = await createOrder(app, orderBody(cartId, "razorpay", "INR", total, address));
  expect(created.statusCode, created.body).toBe(200);
  const { data } = created.json();
  const paid = await payByCard(app, data.data.id, data.key);
  const verified = await verifyPayment(app, { amount: total, razorpay: true, cart_id: cartId, ...paid });
  expect(verified.statusCode, verified.body).toBe(200);
  return { orderId: data.order_id as number, total, quantity };
}

const detail = async (id: number, headers = owner) =>
  (await call(app, headers, "GET", `/api/admin/orders/${id}`)).json() as AdminOrderDetail;
const book = async (id: number) => {
  const res = await call(app, owner, "POST", "/api/admin/shipments", { order_ids: [id] });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as ShipmentResults).results[0]!;
};
const shipmentCount = async (orderId: number) =>
  (await app.database.db.select({ n: count() }).from(shipments).where(eq(shipments.orderId, orderId)))[0]!.n;
const simulatorRecord = async (orderId: number) => {
  const [row] = await app.database.db.select().from(shipments).where(eq(shipments.orderId, orderId));
  return findShipment(app.database.db, { id: row!.shipmentId! });
};

describe("an order below the e-way bill limit", () => {
  it("shows no e-way bill, refuses a number, and books as before without one", async () => {
    const { orderId } = await orderWorth(2000, MUMBAI);
    expect((await detail(orderId)).e_way_bill).toBeNull();
    const entered = await call(app, owner, "PUT", `/api/admin/orders/${orderId}/e-way-bill`, { number: NUMBER });
    expect(entered.statusCode).toBe(409);
    expect(entered.json()).toMatchObject({ code: "E_WAY_BILL_NOT_NEEDED" });
    expect((await call(app, owner, "GET", `/api/admin/orders/${orderId}/e-way-bill.json`)).statusCode).toBe(409);
    expect(await book(orderId)).toMatchObject({ ok: true });
    expect(await simulatorRecord(orderId)).toMatchObject({ ewaybill_no: null });
  });

  it("within Rajasthan, up to its own ₹1 lakh limit, needs none either", async () => {
    const { orderId, total } = await orderWorth(70_000);
    expect(total).toBeGreaterThan(5_000_000);
    expect((await detail(orderId)).e_way_bill).toBeNull();
  });
});

describe("an inter-state order above ₹50,000", () => {
  let orderId: number;
  let total: number;
  let quantity: number;
  beforeAll(async () => {
    ({ orderId, total, quantity } = await orderWorth(60_000, MUMBAI));
  });

  it("says so on the order, and booking refuses it without the number, changing nothing", async () => {
    expect((await detail(orderId)).e_way_bill).toEqual({
      movement: "inter_state",
      value_minor: total,
      threshold_minor: 5_000_000,
      number: null,
      can_download: true,
      editable: true,
    });
    const refused = await book(orderId);
    expect(refused).toMatchObject({ ok: false, code: "E_WAY_BILL_REQUIRED" });
    expect(refused.message).toMatch(
      new RegExp(
        `^Order ${orderId}'s consignment is worth ₹[\\d,]+ with tax, over the ₹50,000 limit for goods going to another state, so it needs an e-way bill: enter its number on the order`,
      ),
    );
    expect(await shipmentCount(orderId)).toBe(0);
    expect((await detail(orderId)).status).toBe("paid");
  });

  it("offers its data in the portal's bulk JSON, made from the invoice (staff may download it)", async () => {
    const res = await call(app, staff, "GET", `/api/admin/orders/${orderId}/e-way-bill.json`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    const invoice = (await invoiceOfOrder(app.database.db, orderId))!;
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="e-way-bill-${invoice.number.replace(/\//g, "-")}.json"`,
    );
    const gst = (await readSellerGst(app.database.db))!;
    const { version, billLists } = res.json();
    expect(version).toBe("1.0.0621");
    expect(billLists).toHaveLength(1);
    const [day, month, year] = billLists[0].docDate.split("/");
    expect(`${year}-${month}-${day}`).toBe(invoice.issueDate);
    const goods = invoice.lines.filter((l) => l.kind === "goods");
    expect(billLists[0]).toMatchObject({
      userGstin: gst.gstin,
      supplyType: "O",
      subSupplyType: 1,
      docType: "INV",
      docNo: invoice.number,
      transType: 1,
      fromGstin: gst.gstin,
      fromTrdName: gst.legal_name,
      fromPincode: 302022,
      fromPlace: "Jaipur",
      fromStateCode: 8,
      actualFromStateCode: 8,
      toGstin: "URP",
      toTrdName: "Asha Meena",
      toAddr1: "4 Marine Drive, Churchgate",
      toPlace: "Mumbai",
      toPincode: 400001,
      toStateCode: 27,
      actualToStateCode: 27,
      cgstValue: 0,
      sgstValue: 0,
      igstValue: invoice.igst / 100,
      totalValue: invoice.taxable / 100,
      totInvValue: total / 100,
      transDistance: "0",
      itemList: [
        {
          itemNo: 1,
          hsnCode: Number(goods[0]!.hsn),
          quantity,
          qtyUnit: "PCS",
          taxableAmount: goods[0]!.taxable / 100,
          igstRate: goods[0]!.rateBps / 100,
          cgstRate: 0,
          sgstRate: 0,
        },
      ],
    });
  });

  it("takes the 12-digit number (audited, staff too), and the booking then sends it to the courier", async () => {
    const bad = await call(app, staff, "PUT", `/api/admin/orders/${orderId}/e-way-bill`, { number: "33100123" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: "body.number", message: expect.stringContaining("12 digits") }]);
    const entered = await call(app, staff, "PUT", `/api/admin/orders/${orderId}/e-way-bill`, {
      number: "3310 0123 4567",
    });
    expect(entered.statusCode, entered.body).toBe(200);
    expect((entered.json() as AdminOrderDetail).e_way_bill).toMatchObject({ number: NUMBER, editable: true });
    const [audit] = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "order:e-way-bill"), eq(auditLog.entityId, String(orderId))));
    expect(audit?.changes).toEqual({ e_way_bill: { before: null, after: NUMBER } });

    expect(await book(orderId)).toMatchObject({ ok: true });
    expect(await simulatorRecord(orderId)).toMatchObject({ ewaybill_no: NUMBER });
    expect((await detail(orderId)).e_way_bill).toMatchObject({ number: NUMBER, editable: false });
  });

  it("keeps the number once a parcel carries it", async () => {
    const res = await call(app, owner, "PUT", `/api/admin/orders/${orderId}/e-way-bill`, { number: "331009999999" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "ALREADY_BOOKED" });
  });
});

describe("the simulated courier (Shiprocket's ewaybill_no)", () => {
  const adhoc = async (body: Record<string, unknown>) => {
    const provider = app.services.shipping.gateway.provider!;
    const token = await provider.authenticate();
    return fetch(`${app.config.publicUrl}/sim/shiprocket/orders/create/adhoc`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({
        order_id: `EWB-${Math.random()}`,
        billing_customer_name: "Asha Meena",
        billing_address: "4 Marine Drive",
        billing_city: "Mumbai",
        billing_pincode: "400001",
        billing_state: "Maharashtra",
        payment_method: "Prepaid",
        sub_total: 60_000,
        order_items: [{ name: "Quilt", sku: "Q1", units: 1 }],
        weight: 1,
        ...body,
      }),
    });
  };

  it("refuses an inter-state consignment above ₹50,000 without its e-way bill, as the courier does", async () => {
    const refused = await adhoc({});
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { message: string }).message).toMatch(/ewaybill_no/);
    expect((await adhoc({ ewaybill_no: NUMBER })).status).toBe(200);
    expect((await adhoc({ ewaybill_no: "123" })).status).toBe(422);
    expect((await adhoc({ billing_state: "Rajasthan", billing_pincode: "302002" })).status).toBe(200);
    expect((await adhoc({ sub_total: 50_000 })).status).toBe(200);
  });
});

describe("the GST limits as notified values the owner keeps", () => {
  const list = async () => (await call(app, owner, "GET", "/api/admin/notified-values")).json();

  it("lists the limits in force; a later one is added and deleted, one in force is kept; staff may not", async () => {
    const before = await list();
    expect(before.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "e_way_bill_inter_state", value_minor: 5_000_000, status: "in_force" }),
        expect.objectContaining({ kind: "e_way_bill_intra_state", value_minor: 10_000_000, status: "in_force" }),
        expect.objectContaining({ kind: "recipient_address", value_minor: 5_000_000, status: "in_force" }),
      ]),
    );
    const later = {
      kind: "e_way_bill_inter_state",
      effective_from: "2099-04-01",
      value: 75_000,
      notification: "99/2099-Central Tax",
    };
    const added = await call(app, owner, "POST", "/api/admin/notified-values", later);
    expect(added.statusCode, added.body).toBe(201);
    const row = added.json();
    expect(row).toMatchObject({ value_minor: 7_500_000, status: "scheduled" });
    expect((await call(app, owner, "POST", "/api/admin/notified-values", later)).statusCode).toBe(409);
    expect((await call(app, staff, "POST", "/api/admin/notified-values", later)).statusCode).toBe(403);
    expect((await call(app, owner, "DELETE", `/api/admin/notified-values/${row.id}`)).statusCode).toBe(204);
    const inForce = before.data.find(
      (r: { status: string; kind: string }) => r.status === "in_force" && r.kind === "e_way_bill_inter_state",
    );
    const kept = await call(app, owner, "DELETE", `/api/admin/notified-values/${inForce.id}`);
    expect(kept.statusCode).toBe(409);
    expect((await list()).data).toEqual(before.data);
    const bad = await call(app, owner, "POST", "/api/admin/notified-values", { ...later, value: -5 });
    expect(bad.statusCode).toBe(400);
  });

  it("decides from the limit in force today: a lower one the owner adds makes a smaller order need an e-way bill", async () => {
    const { orderId } = await orderWorth(45_000, MUMBAI);
    expect((await detail(orderId)).e_way_bill).toBeNull();
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const added = await call(app, owner, "POST", "/api/admin/notified-values", {
      kind: "e_way_bill_inter_state",
      effective_from: today,
      value: 40_000,
      notification: "Test limit",
    });
    expect(added.statusCode, added.body).toBe(201);
    expect((await detail(orderId)).e_way_bill).toMatchObject({ threshold_minor: 4_000_000, number: null });
    expect(await book(orderId)).toMatchObject({ ok: false, code: "E_WAY_BILL_REQUIRED" });
  });
});
