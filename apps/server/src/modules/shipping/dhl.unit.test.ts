import { afterEach, describe, expect, it, vi } from "vitest";
import { createDhlExpress, dhlCustomsStep, dhlRatesBody, dhlShipmentBody, dhlStatus, plannedShippingTime } from "./dhl";
import { ShippingProviderError, ShippingWebhookRejected, type ParcelOrder } from "./provider";

/** The request and answer shapes of DHL Express's MyDHL API (its OpenAPI file, version 2) and unified push. */
const NOW = new Date("2026-12-06T09:00:00Z");
const PARCEL: ParcelOrder = {
  reference: "1042",
  orderDate: NOW,
  pickupLocation: "Primary",
  name: "Jane Smith",
  address: "10 Downing Street",
  city: "London",
  state: "Greater London",
  pincode: "SW1A 1AA",
  phone: "442079460958",
  email: "jane@example.co.uk",
  cod: false,
  amountRupees: 5288,
  items: [{ name: "Block-print kurta (S)", sku: "V7", units: 2, unitPriceRupees: 2644 }],
  weightKg: 1,
  dimensionsCm: { length: 30, breadth: 25, height: 8 },
  country: "GB",
  speed: "express",
  customs: {
    invoiceNumber: "JKH/26-27/000042",
    invoiceDate: "2026-12-06",
    currency: "USD",
    incoterm: "DAP",
    lines: [
      {
        description: "Block-print kurta (S)",
        hsn: "62044290",
        quantity: 2,
        unitValue: 30,
        totalValue: 60,
        weightKg: 1,
      },
    ],
    totalValue: 60,
    exporter: { legalName: "Jaipur Kala House Handicrafts", gstin: "08AAJCJ4523K1Z5", iec: "AAJCJ4523K" },
    declaration: "Supply meant for export under LUT without payment of IGST (LUT AD0803250123456)",
    documents: [
      { kind: "commercial-invoice", pdf: new Uint8Array([37, 80, 68, 70]) },
      { kind: "packing-list", pdf: new Uint8Array([37, 80, 68, 70, 49]) },
    ],
  },
};

const calls: { method: string; path: string; auth: string | null; body: unknown }[] = [];
function fakeDhl(routes: Record<string, [number, unknown]>) {
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    const path = url.replace("https://dhl.test/mydhlapi", "");
    const method = init.method ?? "GET";
    calls.push({
      method,
      path,
      auth: new Headers(init.headers).get("authorization"),
      body: init.body ? JSON.parse(String(init.body)) : null,
    });
    const answer = routes[`${method} ${path.replace(/\?.*$/, "")}`];
    if (!answer) return new Response("not found", { status: 404 });
    return new Response(JSON.stringify(answer[1]), { status: answer[0] });
  });
  return createDhlExpress(
    {
      apiKey: "key",
      apiSecret: "secret",
      accountNumber: "530000001",
      pushToken: "push-token",
      baseUrl: () => "https://dhl.test/mydhlapi",
      trackingUrl: (awb) => `https://dhl.test/track/${awb}`,
      simulated: false,
    },
    () => NOW,
  );
}
afterEach(() => {
  vi.unstubAllGlobals();
  calls.length = 0;
});

describe("MyDHL API requests", () => {
  it("plans the shipment for tomorrow 11:00 in India, as DHL writes times", () => {
    expect(plannedShippingTime(NOW)).toBe("2026-12-07T11:00:00 GMT+05:30");
  });

  it("asks for rates of one customs-declarable box from the pickup to the address", () => {
    expect(
      dhlRatesBody(
        { pickupPincode: "302022", deliveryPincode: "10001", deliveryCountry: "US", weightKg: 1.5 },
        "530000001",
        NOW,
      ),
    ).toMatchObject({
      customerDetails: {
        shipperDetails: { postalCode: "302022", countryCode: "IN" },
        receiverDetails: { postalCode: "10001", countryCode: "US" },
      },
      accounts: [{ typeCode: "shipper", number: "530000001" }],
      unitOfMeasurement: "metric",
      isCustomsDeclarable: true,
      packages: [{ weight: 1.5 }],
    });
  });

  it("books with the export declaration, the GSTIN, the IEC and both papers as paperless trade", () => {
    const body = dhlShipmentBody(PARCEL, "530000001", NOW);
    expect(body).toMatchObject({
      productCode: "P",
      accounts: [{ typeCode: "shipper", number: "530000001" }],
      valueAddedServices: [{ serviceCode: "WY" }],
      customerDetails: {
        shipperDetails: {
          postalAddress: { postalCode: "302022", countryCode: "IN" },
          registrationNumbers: [{ typeCode: "GST", number: "08AAJCJ4523K1Z5", issuerCountryCode: "IN" }],
        },
        receiverDetails: { postalAddress: { postalCode: "SW1A 1AA", cityName: "London", countryCode: "GB" } },
      },
      content: {
        isCustomsDeclarable: true,
        declaredValue: 60,
        declaredValueCurrency: "USD",
        incoterm: "DAP",
        exportDeclaration: {
          lineItems: [
            {
              number: 1,
              price: 30,
              quantity: { value: 2, unitOfMeasurement: "PCS" },
              commodityCodes: [{ typeCode: "outbound", value: "62044290" }],
              manufacturerCountry: "IN",
            },
          ],
          invoice: { number: "JKH/26-27/000042", date: "2026-12-06" },
          declarationNotes: [{ value: PARCEL.customs!.declaration }],
          licenses: [{ typeCode: "export", value: "AAJCJ4523K" }],
        },
      },
      documentImages: [
        { typeCode: "INV", imageFormat: "PDF", content: "JVBERg==" },
        { typeCode: "PNV", imageFormat: "PDF", content: "JVBERjE=" },
      ],
    });
    expect(dhlShipmentBody({ ...PARCEL, speed: "standard" }, "530000001", NOW).productCode).toBe("H");
    expect(() => dhlShipmentBody({ ...PARCEL, customs: undefined }, "530000001", NOW)).toThrow(/customs/);
  });

  it("bills duties collected at checkout to the shipper: DDP, the duties account and service DD", () => {
    const ddp = { ...PARCEL, customs: { ...PARCEL.customs!, incoterm: "DDP" as const } };
    expect(dhlShipmentBody(ddp, "530000001", NOW)).toMatchObject({
      accounts: [
        { typeCode: "shipper", number: "530000001" },
        { typeCode: "duties-taxes", number: "530000001" },
      ],
      valueAddedServices: [{ serviceCode: "WY" }, { serviceCode: "DD" }],
      content: { incoterm: "DDP" },
    });
    expect(dhlShipmentBody(PARCEL, "530000001", NOW).valueAddedServices).toEqual([{ serviceCode: "WY" }]);
  });
});

describe("MyDHL API answers", () => {
  it("reads the waybill and the label from the booking, with basic authentication", async () => {
    const dhl = fakeDhl({
      "POST /shipments": [
        201,
        {
          shipmentTrackingNumber: "1234567890",
          documents: [{ imageFormat: "PDF", typeCode: "label", content: "JVBERi0=" }],
        },
      ],
      "GET /shipments/1234567890/get-image": [
        200,
        { documents: [{ typeCode: "label", imageFormat: "PDF", content: "JVBERi0=" }] },
      ],
    });
    expect(await dhl.createShipment(PARCEL)).toEqual({ providerOrderId: "1234567890", shipmentId: "1234567890" });
    expect(calls[0]!.auth).toBe(`Basic ${Buffer.from("key:secret").toString("base64")}`);
    expect(await dhl.assignAwb("1234567890")).toEqual({ awb: "1234567890", courier: "DHL Express" });
    expect(Buffer.from(await dhl.label("1234567890")).toString()).toBe("%PDF-");
    expect(calls[1]!.path).toBe("/shipments/1234567890/get-image?shipperAccountNumber=530000001&typeCode=label");
  });

  it("turns DHL's problem detail into the reason the seller reads", async () => {
    const dhl = fakeDhl({
      "POST /shipments": [
        400,
        { instance: "/shipments", title: "Bad request", status: 400, detail: "Invalid field: content" },
      ],
    });
    const err = await dhl.createShipment(PARCEL).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ShippingProviderError);
    expect(err).toMatchObject({ status: 400, reason: "Invalid field: content" });
  });

  it("books a pickup and reads its tracking checkpoints", async () => {
    const dhl = fakeDhl({
      "POST /pickups": [201, { dispatchConfirmationNumbers: ["PRG201220123456"], nextPickupDate: "2026-12-07" }],
      "GET /shipments/1234567890/tracking": [
        200,
        {
          shipments: [
            {
              shipmentTrackingNumber: 1234567890,
              events: [
                {
                  date: "2026-12-07",
                  time: "10:00:00",
                  GMTOffset: "+05:30",
                  typeCode: "PU",
                  description: "Shipment picked up",
                  serviceArea: [{ description: "JAIPUR - INDIA" }],
                },
                {
                  date: "2026-12-09",
                  time: "08:00:00",
                  GMTOffset: "+00:00",
                  typeCode: "CD",
                  description: "Clearance delay",
                  serviceArea: [],
                },
                {
                  date: "2026-12-10",
                  time: "09:00:00",
                  GMTOffset: "+00:00",
                  typeCode: "RT",
                  description: "Returned to shipper",
                  serviceArea: [],
                },
                {
                  date: "2026-12-15",
                  time: "12:00:00",
                  GMTOffset: "+05:30",
                  typeCode: "OK",
                  description: "Delivered",
                  serviceArea: [],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(await dhl.requestPickup(["1234567890"])).toEqual({ scheduledFor: "2026-12-07" });
    expect(calls[0]!.body).toMatchObject({ accounts: [{ number: "530000001" }], closeTime: "18:00" });
    const tracked = await dhl.track("1234567890");
    expect(tracked.map((t) => [t.status, t.location])).toEqual([
      ["picked_up", "JAIPUR - INDIA"],
      ["in_transit", null],
      ["rto_initiated", null],
      ["rto_delivered", null],
    ]);
    expect(tracked[0]!.at.toISOString()).toBe("2026-12-07T04:30:00.000Z");
    // Its checkpoints name no country: the hold is still one.
    expect(tracked.map((t) => t.customsStep)).toEqual([null, "held", null, null]);
  });

  it("quotes nothing for cash on delivery or within India, without calling DHL", async () => {
    const dhl = fakeDhl({});
    const input = { pickupPincode: "302022", deliveryPincode: "10001", weightKg: 1 };
    expect(await dhl.serviceability({ ...input, deliveryCountry: "US", cod: true })).toEqual([]);
    expect(await dhl.serviceability({ ...input, cod: false })).toEqual([]);
    expect(calls).toEqual([]);
  });
});

describe("DHL's tracking push", () => {
  const push = (shipment: Record<string, unknown>) =>
    JSON.stringify({
      shipments: [
        {
          id: "1234567890",
          service: "express",
          status: {
            timestamp: "2026-12-07T12:00:00.000Z",
            statusCode: "transit",
            status: "CR",
            description: "Customs status updated: export clearance complete",
          },
          events: [{ status: "PU" }, { status: "CR" }],
          ...shipment,
        },
      ],
    });

  it("reads a checkpoint with its shipping bill at export clearance", () => {
    const dhl = fakeDhl({});
    const update = dhl.parseWebhook(
      { "x-dhl-push-token": "push-token" },
      push({ exportClearance: { shippingBillNumber: "4821937", shippingBillDate: "2026-12-07", portCode: "INDEL4" } }),
    );
    expect(update).toMatchObject({
      awb: "1234567890",
      status: "in_transit",
      rawStatus: "Customs status updated: export clearance complete",
      shippingBill: { number: "4821937", date: "2026-12-07", portCode: "INDEL4" },
    });
    expect(update.eventKey).toBe("1234567890:CR:2026-12-07T12:00:00.000Z");
  });

  it("knows a delivery back to the shipper from one to the buyer", () => {
    const dhl = fakeDhl({});
    const back = push({
      status: { timestamp: "2026-12-15T12:00:00Z", statusCode: "delivered", status: "OK" },
      events: [{ status: "RT" }, { status: "OK" }],
    });
    expect(dhl.parseWebhook({ "x-dhl-push-token": "push-token" }, back).status).toBe("rto_delivered");
    expect(dhlStatus("OK", ["PU", "WC"])).toBe("delivered");
    expect(dhlStatus("ZZ", [])).toBeNull();
  });

  it("refuses a push without the token (forged) or with a body that is not one (unreadable)", () => {
    const dhl = fakeDhl({});
    const forged = (() => {
      try {
        dhl.parseWebhook({ "x-dhl-push-token": "wrong" }, push({}));
      } catch (err) {
        return err;
      }
    })();
    expect(forged).toBeInstanceOf(ShippingWebhookRejected);
    expect(forged).toMatchObject({ forged: true });
    expect(() => dhl.parseWebhook({ "x-dhl-push-token": "push-token" }, "{}")).toThrow(/not a DHL Express/);
    expect(() =>
      dhl.parseWebhook({ "x-dhl-push-token": "push-token" }, push({ exportClearance: { shippingBillNumber: "x" } })),
    ).toThrow(ShippingWebhookRejected);
  });
});

describe("DHL's checkpoints as customs steps (decision 086)", () => {
  const london = (country: string | null, earlierCodes: string[] = []) => ({
    country,
    destination: "GB",
    earlierCodes,
  });

  it("tells export clearance in India from the release abroad, and an arrival in the destination from a hub's", () => {
    expect(dhlCustomsStep("CR", london("IN", ["PU"]))).toBe("export_cleared");
    expect(dhlCustomsStep("CR", london("GB", ["PU", "CR", "DF", "AF", "CD"]))).toBe("released");
    expect(dhlCustomsStep("AF", london("GB", ["PU", "CR", "DF"]))).toBe("import_arrived");
    expect(dhlCustomsStep("AR", london("GB"))).toBe("import_arrived");
    // A transit hub (Leipzig) is not the destination's customs, nor is an arrival in Delhi.
    expect(dhlCustomsStep("AF", london("DE"))).toBeNull();
    expect(dhlCustomsStep("AF", london("IN"))).toBeNull();
    expect(dhlCustomsStep("CD", london("GB"))).toBe("held");
  });

  it("falls back on the order of checkpoints when DHL names no country, and leaves other codes alone", () => {
    expect(dhlCustomsStep("CR", london(null, ["PU"]))).toBe("export_cleared");
    expect(dhlCustomsStep("CR", london(null, ["PU", "CR", "CD"]))).toBe("released");
    expect(dhlCustomsStep("AF", london(null))).toBeNull();
    for (const code of ["PU", "DF", "OH", "WC", "OK", "NH", "RT"])
      expect(dhlCustomsStep(code, london("GB"))).toBeNull();
  });

  it("reads the step from a push's checkpoint country and destination", () => {
    const dhl = createDhlExpress({
      apiKey: "k",
      apiSecret: "s",
      accountNumber: "530000001",
      pushToken: "push-token",
      baseUrl: () => "http://dhl.test",
      trackingUrl: (awb) => awb,
      simulated: true,
    });
    const push = (code: string, country: string, events: string[]) =>
      JSON.stringify({
        shipments: [
          {
            id: "1234567890",
            status: {
              timestamp: "2026-12-08T12:00:00Z",
              statusCode: "transit",
              status: code,
              description: "Customs status updated",
              location: { address: { addressLocality: "LONDON - GB", countryCode: country } },
            },
            destination: { address: { countryCode: "GB" } },
            events: events.map((status) => ({ status })),
          },
        ],
      });
    const read = (code: string, country: string, events: string[]) =>
      dhl.parseWebhook({ "x-dhl-push-token": "push-token" }, push(code, country, events));
    expect(read("CR", "IN", ["PU", "CR"]).customsStep).toBe("export_cleared");
    expect(read("AF", "GB", ["PU", "CR", "DF", "AF"]).customsStep).toBe("import_arrived");
    expect(read("CR", "GB", ["PU", "CR", "DF", "AF", "CD", "CR"])).toMatchObject({
      status: "in_transit",
      customsStep: "released",
    });
    // Without the country, the first "CR" of the history (this one included) is the export's.
    const bare = JSON.parse(push("CR", "IN", ["PU", "CR"]));
    delete bare.shipments[0].status.location.address.countryCode;
    expect(dhl.parseWebhook({ "x-dhl-push-token": "push-token" }, JSON.stringify(bare)).customsStep).toBe(
      "export_cleared",
    );
  });
});
