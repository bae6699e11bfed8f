import { afterEach, describe, expect, it, vi } from "vitest";
import { ndrReasonOf } from "./ndr";
import { ShippingProviderError, ShippingWebhookRejected, type ParcelOrder } from "./provider";
import { adhocOrderBody, createShiprocket, returnOrderBody } from "./shiprocket";
import { mapShiprocketStatus } from "./status-map";
import { courierTimeText, parseCourierTime } from "./time";

const PARCEL: ParcelOrder = {
  reference: "1042",
  orderDate: new Date("2026-11-25T08:30:00Z"),
  pickupLocation: "Primary",
  name: "Asha Meena",
  address: "12 Hawa Mahal Road",
  city: "Jaipur",
  state: "Rajasthan",
  pincode: "302002",
  phone: "9829041234",
  email: "asha@example.in",
  cod: true,
  amountRupees: 2599,
  items: [{ name: "Block-print kurta (S)", sku: "V7", units: 2, unitPriceRupees: 1299.5 }],
  weightKg: 1,
  dimensionsCm: { length: 30, breadth: 25, height: 8 },
};

/** A Shiprocket stand-in: answers each call from `routes` ("METHOD /path" -> [status, body]) and records it. */
function fakeShiprocket(routes: Record<string, [number, unknown]>) {
  const calls: { method: string; path: string; auth: string | null; body: unknown }[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    const path = url.replace("https://sr.test/v1/external", "").replace(/\?.*$/, "");
    const method = init.method ?? "GET";
    const headers = new Headers(init.headers);
    calls.push({
      method,
      path,
      auth: headers.get("authorization"),
      body: init.body ? JSON.parse(String(init.body)) : null,
    });
    const answer = routes[`${method} ${path}`];
    if (!answer) return new Response("not found", { status: 404 });
    const [status, body] = answer;
    return body instanceof Uint8Array
      ? new Response(body, { status })
      : new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  });
  const provider = createShiprocket({
    email: "seller@example.in",
    password: "pw",
    webhookSecret: "hook-token",
    baseUrl: () => "https://sr.test/v1/external",
    trackingUrl: (awb) => `https://shiprocket.co/tracking/${awb}`,
    simulated: false,
  });
  return { provider, calls };
}

afterEach(() => vi.unstubAllGlobals());

describe("Shiprocket request bodies", () => {
  it("writes an adhoc order with billing fields, rupees, kg and cm, and COD or Prepaid", () => {
    const body = adhocOrderBody(PARCEL);
    expect(body).toMatchObject({
      order_id: "1042",
      order_date: "2026-11-25 14:00",
      pickup_location: "Primary",
      billing_customer_name: "Asha Meena",
      billing_pincode: "302002",
      billing_country: "India",
      shipping_is_billing: true,
      payment_method: "COD",
      sub_total: 2599,
      weight: 1,
      length: 30,
    });
    expect(body.order_items).toEqual([{ name: "Block-print kurta (S)", sku: "V7", units: 2, selling_price: 1299.5 }]);
    expect(adhocOrderBody({ ...PARCEL, cod: false }).payment_method).toBe("Prepaid");
  });

  it("writes a return as a pickup from the shopper delivered to the seller, always prepaid", () => {
    const body = returnOrderBody({ ...PARCEL, reference: "R1042" });
    expect(body).toMatchObject({
      order_id: "R1042",
      pickup_customer_name: "Asha Meena",
      pickup_pincode: "302002",
      shipping_pincode: "302022",
      payment_method: "Prepaid",
    });
  });
});

describe("Shiprocket calls", () => {
  it("logs in once, sends the bearer token, and maps serviceability to couriers", async () => {
    const { provider, calls } = fakeShiprocket({
      "POST /auth/login": [200, { token: "tok-1" }],
      "GET /courier/serviceability/": [
        200,
        {
          status: 200,
          data: {
            available_courier_companies: [
              { courier_company_id: 51, courier_name: "Xpressbees", cod: 1, estimated_delivery_days: "3" },
              { courier_company_id: 12, courier_name: "Blue Dart", cod: 0, estimated_delivery_days: "" },
            ],
          },
        },
      ],
    });
    const couriers = await provider.serviceability({
      pickupPincode: "302022",
      deliveryPincode: "400001",
      weightKg: 0.5,
      cod: true,
    });
    await provider.serviceability({ pickupPincode: "302022", deliveryPincode: "400001", weightKg: 0.5, cod: true });
    expect(couriers).toEqual([
      { courierId: 51, name: "Xpressbees", cod: true, estimatedDays: 3 },
      { courierId: 12, name: "Blue Dart", cod: false, estimatedDays: null },
    ]);
    expect(calls.filter((c) => c.path === "/auth/login")).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ email: "seller@example.in", password: "pw" });
    expect(calls[1]?.auth).toBe("Bearer tok-1");
  });

  it("logs in again once when a call answers 401", async () => {
    let logins = 0;
    const { provider } = fakeShiprocket({ "POST /auth/login": [200, { token: "tok" }] });
    const real = globalThis.fetch;
    let first = true;
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      if (url.endsWith("/auth/login")) logins += 1;
      if (url.includes("/courier/track/") && first) {
        first = false;
        return new Response(JSON.stringify({ message: "Token expired" }), { status: 401 });
      }
      if (url.includes("/courier/track/"))
        return new Response(JSON.stringify({ tracking_data: { shipment_track_activities: [] } }), { status: 200 });
      return real(url, init);
    });
    expect(await provider.track("AWB1")).toEqual([]);
    expect(logins).toBe(2);
  });

  it("creates the shipment, assigns the AWB, and reads a refusal in Shiprocket's words", async () => {
    const { provider, calls } = fakeShiprocket({
      "POST /auth/login": [200, { token: "tok" }],
      "POST /orders/create/adhoc": [200, { order_id: 987654, shipment_id: 123456, status: "NEW", status_code: 1 }],
      "POST /courier/assign/awb": [
        200,
        { awb_assign_status: 1, response: { data: { awb_code: "1900001", courier_name: "Delhivery Surface" } } },
      ],
    });
    expect(await provider.createShipment(PARCEL)).toEqual({ providerOrderId: "987654", shipmentId: "123456" });
    expect(await provider.assignAwb("123456")).toEqual({ awb: "1900001", courier: "Delhivery Surface" });
    expect(calls.at(-1)?.body).toEqual({ shipment_id: "123456" });

    const refusing = fakeShiprocket({
      "POST /auth/login": [200, { token: "tok" }],
      "POST /courier/assign/awb": [200, { awb_assign_status: 0, message: "Selected pincode is not serviceable." }],
      "POST /orders/create/adhoc": [
        422,
        { message: "Oops! Invalid data.", errors: { billing_phone: ["The billing phone must be 10 digits."] } },
      ],
    }).provider;
    await expect(refusing.assignAwb("1")).rejects.toMatchObject({ reason: "Selected pincode is not serviceable." });
    const invalid = await refusing.createShipment(PARCEL).catch((err: unknown) => err);
    expect(invalid).toBeInstanceOf(ShippingProviderError);
    expect(invalid).toMatchObject({ status: 422, reason: "The billing phone must be 10 digits." });
  });

  it("fetches the label the label call links to, and books a pickup", async () => {
    const pdf = new TextEncoder().encode("%PDF-1.4 label");
    const { provider, calls } = fakeShiprocket({
      "POST /auth/login": [200, { token: "tok" }],
      "POST /courier/generate/label": [
        200,
        { label_created: 1, label_url: "https://sr.test/v1/external/labels/1.pdf" },
      ],
      "GET /labels/1.pdf": [200, pdf],
      "POST /courier/generate/pickup": [
        200,
        { pickup_status: 1, response: { pickup_scheduled_date: "2026-11-26 10:00:00" } },
      ],
    });
    expect(new TextDecoder().decode(await provider.label("1"))).toBe("%PDF-1.4 label");
    expect(calls.find((c) => c.path === "/courier/generate/label")?.body).toEqual({ shipment_id: ["1"] });
    expect(await provider.requestPickup(["1", "2"])).toEqual({ scheduledFor: "2026-11-26 10:00:00" });
    expect(calls.at(-1)?.body).toEqual({ shipment_id: ["1", "2"] });
  });

  it("turns an unreachable courier into a ShippingProviderError without a status", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("fetch failed");
    });
    const provider = createShiprocket({
      email: "e",
      password: "p",
      baseUrl: () => "https://sr.test",
      trackingUrl: (a) => a,
      simulated: false,
    });
    await expect(provider.authenticate()).rejects.toMatchObject({ status: null });
    vi.stubGlobal("fetch", async () => {
      throw new DOMException("The operation was aborted due to timeout", "TimeoutError");
    });
    await expect(provider.authenticate()).rejects.toThrow(/timed out/);
  });
});

describe("Shiprocket webhooks", () => {
  const { provider } = {
    provider: createShiprocket({
      email: "e",
      password: "p",
      webhookSecret: "hook-token",
      baseUrl: () => "",
      trackingUrl: (a) => a,
      simulated: false,
    }),
  };
  const body = JSON.stringify({
    awb: 19041424751540,
    current_status: "OUT FOR DELIVERY",
    current_status_id: 17,
    current_timestamp: "25 11 2026 14:05:09",
    scans: [{ location: "Mumbai_Andheri_DC" }],
  });

  it("reads a genuine update: AWB, our status, the courier's words, location and India's time", () => {
    expect(provider.parseWebhook({ "x-api-key": "hook-token" }, body)).toEqual({
      awb: "19041424751540",
      eventKey: "19041424751540:17:25 11 2026 14:05:09",
      status: "out_for_delivery",
      rawStatus: "OUT FOR DELIVERY",
      location: "Mumbai_Andheri_DC",
      at: new Date("2026-11-25T08:35:09Z"),
      remark: null,
    });
  });

  it("reads a failed attempt (NDR): UNDELIVERED, with the courier's reason from the latest scan", () => {
    const ndr = JSON.stringify({
      awb: "19041424751540",
      current_status: "UNDELIVERED",
      current_status_id: 21,
      current_timestamp: "26 11 2026 18:10:00",
      scans: [
        { location: "Mumbai_Andheri_DC", activity: "Out for delivery" },
        { location: "Mumbai_Andheri_DC", activity: "Consignee not available - door locked" },
      ],
    });
    expect(provider.parseWebhook({ "x-api-key": "hook-token" }, ndr)).toMatchObject({
      status: "undelivered",
      eventKey: "19041424751540:21:26 11 2026 18:10:00",
      remark: "Consignee not available - door locked",
    });
    expect(ndrReasonOf("Consignee not available - door locked")).toBe("not_available");
    expect(ndrReasonOf("Address incomplete / incorrect")).toBe("address_incomplete");
    expect(ndrReasonOf("Consignee refused to accept")).toBe("refused");
    expect(ndrReasonOf("Consignee asked for future delivery")).toBe("reschedule");
    expect(ndrReasonOf("Shipment damaged")).toBe("other");
    expect(ndrReasonOf(null)).toBe("other");
  });

  it("refuses a missing or wrong token as forged, and a bad body as unreadable", () => {
    const forged = (headers: Record<string, string>) => {
      try {
        provider.parseWebhook(headers, body);
      } catch (err) {
        return err instanceof ShippingWebhookRejected && err.forged;
      }
      return "accepted";
    };
    expect(forged({})).toBe(true);
    expect(forged({ "x-api-key": "hook-tokem" })).toBe(true);
    expect(() => provider.parseWebhook({ "x-api-key": "hook-token" }, "[1")).toThrow(ShippingWebhookRejected);
    const noSecret = createShiprocket({
      email: "e",
      password: "p",
      baseUrl: () => "",
      trackingUrl: (a) => a,
      simulated: false,
    });
    expect(() => noSecret.parseWebhook({ "x-api-key": "" }, body)).toThrow(ShippingWebhookRejected);
  });

  it("maps Shiprocket's status names, RTO before delivered, unknown ones to null", () => {
    expect(mapShiprocketStatus("RTO DELIVERED")).toBe("rto_delivered");
    expect(mapShiprocketStatus("RTO INITIATED")).toBe("rto_initiated");
    expect(mapShiprocketStatus("UNDELIVERED")).toBe("undelivered");
    expect(mapShiprocketStatus("Delivered")).toBe("delivered");
    expect(mapShiprocketStatus("PICKED UP")).toBe("picked_up");
    expect(mapShiprocketStatus("IN TRANSIT")).toBe("in_transit");
    expect(mapShiprocketStatus("PICKUP SCHEDULED")).toBe("pickup_scheduled");
    expect(mapShiprocketStatus("Lost")).toBeNull();
  });

  it("reads courier times in India's zone and writes them back the same way", () => {
    const at = new Date("2026-11-25T08:35:09Z");
    expect(courierTimeText(at)).toBe("25 11 2026 14:05:09");
    expect(parseCourierTime("2026-11-25 14:05:09")).toEqual(at);
    expect(parseCourierTime("2026-11-25T08:35:09Z")).toEqual(at);
    expect(parseCourierTime("yesterday")).toBeNull();
    expect(parseCourierTime("2026-11-25")).toBeNull();
  });
});
