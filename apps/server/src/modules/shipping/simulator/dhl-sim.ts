import { randomInt } from "node:crypto";
import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
// Its routes say `schema: { hide: true }` (kept out of the API's documentation): the option @fastify/swagger adds.
import type {} from "@fastify/swagger";
import { z } from "zod";
import type { Db } from "../../../db/client";
import type { SimulatorControl } from "../../../http/simulator-control";
import { istDayOf } from "../../../lib/seller-time";
import { sameSecret } from "../../../lib/secrets";
import type { CarrierSimulator } from "../registry";
import { simulatedLabelPdf } from "./label";
import { shippingSimulatorRecords as records } from "./tables";
import type { CourierWebhookSender } from "./webhooks";

/** The simulated DHL Express account: API user, password, account number and the push subscription's token. */
export interface DhlSimulatorCredentials {
  apiKey: string;
  apiSecret: string;
  accountNumber: string;
  pushToken: string;
}

export function dhlSimulatorCredentials(secret: (purpose: string) => string): DhlSimulatorCredentials {
  return {
    apiKey: "simulator-dhl-express",
    apiSecret: secret("api_secret"),
    accountNumber: "530000001",
    pushToken: secret("push_token"),
  };
}

/**
 * A parcel's steps at the simulated DHL Express, each with the checkpoint code its push carries: after the pickup
 * it is cleared for export at Delhi (the shipping bill), flies, waits in the destination's customs (a hold while
 * duties are assessed) and is cleared, then delivered; a failed attempt or duties refused send it back.
 */
const STEPS = {
  booked: null,
  pickupScheduled: null,
  pickedUp: { code: "PU", text: "Shipment picked up", statusCode: "transit" },
  exportCleared: { code: "CR", text: "Customs status updated: export clearance complete", statusCode: "transit" },
  departed: { code: "DF", text: "Departed Facility in NEW DELHI - INDIA", statusCode: "transit" },
  arrived: { code: "AF", text: "Arrived at DHL Delivery Facility", statusCode: "transit" },
  customsHold: {
    code: "CD",
    text: "Clearance delay: held by customs, duties and taxes being assessed",
    statusCode: "transit",
  },
  customsCleared: { code: "CR", text: "Customs status updated: cleared by customs", statusCode: "transit" },
  withCourier: { code: "WC", text: "With delivery courier", statusCode: "transit" },
  delivered: { code: "OK", text: "Delivered", statusCode: "delivered" },
  notHome: { code: "NH", text: "Delivery attempted; recipient not home", statusCode: "failure" },
  returning: { code: "RT", text: "Returned to shipper", statusCode: "failure" },
  returned: { code: "OK", text: "Delivered to shipper", statusCode: "delivered" },
} as const;
type Step = keyof typeof STEPS;

const NEXT: Partial<Record<Step, Step>> = {
  pickupScheduled: "pickedUp",
  pickedUp: "exportCleared",
  exportCleared: "departed",
  departed: "arrived",
  arrived: "customsHold",
  customsHold: "customsCleared",
  customsCleared: "withCourier",
  withCourier: "delivered",
  notHome: "returning",
  returning: "returned",
};
/** A failed delivery: the one attempt at the door fails; duties refused at customs send the parcel back at once. */
const FAILS: Partial<Record<Step, Step>> = { withCourier: "notHome", customsHold: "returning" };
const ENDS: readonly Step[] = ["delivered", "returned"];

export interface DhlSimShipment {
  awb: string;
  account: string;
  productCode: string;
  reference: string;
  name: string;
  address: string;
  city: string;
  postalCode: string;
  countryCode: string;
  invoiceNumber: string;
  /** DAP (the receiver pays duties at the door) or DDP (billed to the shipper's duties-taxes account). */
  incoterm: string;
  /** The paperless-trade papers received (INV, PNV), by type, base64. */
  documents: Record<string, string>;
  step: Step;
  history: { step: Step; at: string; location: string }[];
  shippingBill: { shippingBillNumber: string; shippingBillDate: string; portCode: string } | null;
}

const KIND = "dhl_shipment";

/** The country a step happens in (its checkpoint's `countryCode`): India until the parcel flies. */
const IN_INDIA: readonly Step[] = ["pickupScheduled", "pickedUp", "exportCleared", "departed", "returned"];
const countryOf = (shipment: DhlSimShipment, step: Step) => (IN_INDIA.includes(step) ? "IN" : shipment.countryCode);

const authOf = (request: FastifyRequest) => {
  const match = /^Basic (.+)$/.exec(request.headers.authorization ?? "");
  if (!match) return null;
  const [user, ...rest] = Buffer.from(match[1]!, "base64").toString().split(":");
  return { user: user ?? "", password: rest.join(":") };
};

/** DHL Express's error body (RFC 7807): `{ instance, detail, title, status }`. */
const fail = (reply: FastifyReply, request: FastifyRequest, status: number, detail: string) =>
  reply
    .status(status)
    .send({ instance: request.url, detail, title: status === 401 ? "Unauthorized" : "Bad request", status });

const money = z.number().nonnegative();
const ratesBody = z
  .object({
    customerDetails: z.object({
      shipperDetails: z.object({ postalCode: z.string().min(1), countryCode: z.literal("IN") }).loose(),
      receiverDetails: z.object({ postalCode: z.string(), countryCode: z.string().regex(/^[A-Z]{2}$/) }).loose(),
    }),
    accounts: z.array(z.object({ typeCode: z.string(), number: z.string() })).min(1),
    plannedShippingDateAndTime: z.string().min(10),
    isCustomsDeclarable: z.boolean(),
    packages: z.array(z.object({ weight: z.number().positive() }).loose()).min(1),
  })
  .loose();
const lineItem = z
  .object({
    number: z.number().int().positive(),
    description: z.string().min(1),
    price: money,
    quantity: z.object({ value: z.number().int().positive(), unitOfMeasurement: z.string() }),
    commodityCodes: z.array(z.object({ typeCode: z.string(), value: z.string().regex(/^\d{4,10}$/) })).min(1),
    manufacturerCountry: z.string().regex(/^[A-Z]{2}$/),
    weight: z.object({ netValue: z.number().nonnegative(), grossValue: z.number().nonnegative() }),
  })
  .loose();
const shipmentBody = z
  .object({
    plannedShippingDateAndTime: z.string().min(10),
    productCode: z.enum(["P", "H"]),
    accounts: z.array(z.object({ typeCode: z.string(), number: z.string() })).min(1),
    valueAddedServices: z.array(z.object({ serviceCode: z.string() }).loose()).default([]),
    customerDetails: z.object({
      shipperDetails: z
        .object({
          postalAddress: z.object({ postalCode: z.string(), countryCode: z.literal("IN") }).loose(),
          registrationNumbers: z.array(z.object({ typeCode: z.string(), number: z.string() }).loose()).min(1),
        })
        .loose(),
      receiverDetails: z
        .object({
          postalAddress: z
            .object({
              postalCode: z.string(),
              cityName: z.string().min(1),
              countryCode: z.string().regex(/^[A-Z]{2}$/),
              addressLine1: z.string().min(1).max(45),
            })
            .loose(),
          contactInformation: z.object({ phone: z.string().min(1), fullName: z.string().min(1) }).loose(),
        })
        .loose(),
    }),
    content: z
      .object({
        packages: z.array(z.object({ weight: z.number().positive() }).loose()).min(1),
        isCustomsDeclarable: z.boolean(),
        declaredValue: money,
        declaredValueCurrency: z.string().regex(/^[A-Z]{3}$/),
        description: z.string().min(1).max(70),
        incoterm: z.string().length(3),
        exportDeclaration: z
          .object({
            lineItems: z.array(lineItem).min(1),
            invoice: z.object({ number: z.string().min(1), date: z.iso.date() }).loose(),
          })
          .loose()
          .optional(),
      })
      .loose(),
    customerReferences: z.array(z.object({ value: z.string() }).loose()).default([]),
    documentImages: z
      .array(z.object({ typeCode: z.string(), imageFormat: z.string(), content: z.string().min(1) }))
      .default([]),
  })
  .loose();
const controlBody = z.object({ action: z.enum(["advance", "fail", "deliver"]) });

/** The simulated rate card: a first half kilo and each half kilo more, in rupees, by product and region. */
function ratesFor(country: string, weightKg: number) {
  const halves = Math.max(1, Math.ceil(weightKg * 2));
  const near = ["AE", "SA", "QA", "OM", "KW", "BH", "SG", "MY", "LK", "NP", "BD"].includes(country);
  const price = (first: number, more: number) => first + more * (halves - 1);
  return [
    { code: "P", name: "EXPRESS WORLDWIDE", price: near ? price(1900, 450) : price(2900, 650), days: near ? 3 : 5 },
    { code: "H", name: "ECONOMY SELECT", price: near ? price(1300, 300) : price(1900, 400), days: near ? 8 : 12 },
  ];
}

/**
 * The DHL Express simulator: its MyDHL API's paths under /sim/dhl-express (rates, shipments with their label
 * and paperless-trade papers, get-image, pickups, tracking), a bare tracking page, the test control
 * (`POST /control/shipments/:awb`, the owner's or the install's simulator secret) and the unified tracking pushes
 * it sends to the store after each committed move. Records in `shipping_simulator_records` (kind dhl_shipment).
 */
export function createDhlSimulator(
  db: Db,
  sender: CourierWebhookSender,
  credentials: DhlSimulatorCredentials,
  stepMinutes: number,
): CarrierSimulator {
  async function find(awb: string): Promise<DhlSimShipment | undefined> {
    const [row] = await db
      .select({ body: records.body })
      .from(records)
      .where(and(eq(records.kind, KIND), eq(records.id, awb)));
    return row?.body as DhlSimShipment | undefined;
  }

  function moveTo(shipment: DhlSimShipment, step: Step): void {
    shipment.step = step;
    const last = shipment.history.at(-1);
    let at = new Date();
    if (last && at.getTime() < Date.parse(last.at) + 1000) at = new Date(Date.parse(last.at) + 1000);
    const location =
      step === "pickedUp" || step === "returned" || step === "pickupScheduled"
        ? "JAIPUR - INDIA"
        : step === "exportCleared" || step === "departed"
          ? "NEW DELHI - INDIA"
          : `${shipment.city.toUpperCase()} - ${shipment.countryCode}`;
    shipment.history.push({ step, at: at.toISOString(), location });
    // Export clearance files the shipping bill at Delhi's air cargo port (INDEL4), dated the day it clears.
    if (step === "exportCleared" && !shipment.shippingBill)
      shipment.shippingBill = {
        shippingBillNumber: String(randomInt(1_000_000, 9_999_999)),
        shippingBillDate: istDayOf(at),
        portCode: "INDEL4",
      };
  }

  /** Changes one parcel under its row lock; answers what `change` answers, undefined: no such parcel. */
  function change<R>(awb: string, apply: (s: DhlSimShipment) => R): Promise<R | undefined> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select({ body: records.body })
        .from(records)
        .where(and(eq(records.kind, KIND), eq(records.id, awb)))
        .for("update");
      if (!row) return undefined;
      const shipment = row.body as DhlSimShipment;
      const before = shipment.step;
      const answer = apply(shipment);
      await tx
        .update(records)
        .set({ body: shipment, ...(shipment.step !== before && { movedAt: sql`now()` }) })
        .where(and(eq(records.kind, KIND), eq(records.id, awb)));
      return answer;
    });
  }

  /** The unified tracking push ("Default" format) for the parcel's newest checkpoint. */
  function push(shipment: DhlSimShipment): Promise<void> {
    const events = shipment.history.flatMap((h) => {
      const step = STEPS[h.step];
      return step ? [{ timestamp: h.at, status: step.code, description: step.text, location: h.location }] : [];
    });
    const now = shipment.history.at(-1)!;
    const step = STEPS[now.step]!;
    const body = {
      shipments: [
        {
          id: shipment.awb,
          service: "express",
          status: {
            timestamp: now.at,
            statusCode: step.statusCode,
            status: step.code,
            description: step.text,
            location: { address: { addressLocality: now.location, countryCode: countryOf(shipment, now.step) } },
          },
          destination: { address: { addressLocality: shipment.city, countryCode: shipment.countryCode } },
          events,
          ...(now.step === "exportCleared" && shipment.shippingBill && { exportClearance: shipment.shippingBill }),
        },
      ],
    };
    return sender.send(JSON.stringify(body), { "x-dhl-push-token": credentials.pushToken });
  }

  async function move(awb: string, action: "advance" | "fail" | "deliver") {
    const moved = await change(awb, (s) => {
      const to =
        action === "fail"
          ? FAILS[s.step]
          : action === "deliver"
            ? !ENDS.includes(s.step) && !["booked", "pickupScheduled", "notHome", "returning"].includes(s.step)
              ? "delivered"
              : undefined
            : NEXT[s.step];
      if (!to) return { ok: false as const };
      moveTo(s, to);
      return { ok: true as const, shipment: structuredClone(s) };
    });
    if (moved?.ok) await push(moved.shipment);
    return moved && { ok: moved.ok };
  }

  async function tick(minutes = stepMinutes): Promise<number> {
    const rows = await db
      .select({ id: records.id })
      .from(records)
      .where(
        and(
          eq(records.kind, KIND),
          sql`${records.body}->>'step' not in ('booked', 'delivered', 'returned')`,
          lte(records.movedAt, sql`now() - make_interval(mins => ${minutes})`),
        ),
      )
      .orderBy(asc(records.movedAt))
      .limit(50);
    let moved = 0;
    for (const { id } of rows) if ((await move(id, "advance"))?.ok) moved += 1;
    return moved;
  }

  // An outage the test control switches (fault injection): its API answers 503 until switched back. One
  // process's, as the store's tests and demos run one.
  let down = false;

  const routes: FastifyPluginAsync<{ control: SimulatorControl }> = async (app: FastifyInstance, { control }) => {
    const hide = { schema: { hide: true } };
    app.addHook("onRequest", async (request, reply) => {
      if (down && !request.url.includes("/control/"))
        await reply.status(503).send({
          instance: request.url,
          detail: "Service temporarily unavailable",
          title: "Service Unavailable",
          status: 503,
        });
    });
    app.post("/control/outage", { ...hide, onRequest: control }, async (request, reply) => {
      const body = z.object({ down: z.boolean() }).safeParse(request.body);
      if (!body.success) return reply.status(400).send({ message: "down must be true or false" });
      down = body.data.down;
      return { down };
    });
    function authorised(request: FastifyRequest, reply: FastifyReply): boolean {
      const auth = authOf(request);
      if (auth && sameSecret(auth.user, credentials.apiKey) && sameSecret(auth.password, credentials.apiSecret))
        return true;
      void fail(reply, request, 401, "Invalid credentials");
      return false;
    }
    const ownAccount = (accounts: { number: string }[]) => accounts.some((a) => a.number === credentials.accountNumber);

    app.post("/rates", hide, async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const body = ratesBody.safeParse(request.body);
      if (!body.success) return fail(reply, request, 400, `Invalid field: ${body.error.issues[0]?.path.join(".")}`);
      const b = body.data;
      if (!ownAccount(b.accounts)) return fail(reply, request, 400, "The account number is not valid for this user");
      const country = b.customerDetails.receiverDetails.countryCode;
      if (country === "IN") return fail(reply, request, 400, "No international product is offered within India");
      const weight = b.packages.reduce((sum, p) => sum + p.weight, 0);
      return {
        products: ratesFor(country, weight).map((p) => ({
          productName: p.name,
          productCode: p.code,
          weight: { provided: weight, unitOfMeasurement: "metric" },
          totalPrice: [{ currencyType: "BILLC", priceCurrency: "INR", price: p.price }],
          deliveryCapabilities: { totalTransitDays: p.days },
        })),
      };
    });

    app.post("/shipments", hide, async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const body = shipmentBody.safeParse(request.body);
      if (!body.success) return fail(reply, request, 400, `Invalid field: ${body.error.issues[0]?.path.join(".")}`);
      const b = body.data;
      if (!ownAccount(b.accounts)) return fail(reply, request, 400, "The account number is not valid for this user");
      const declaration = b.content.exportDeclaration;
      if (b.content.isCustomsDeclarable && !declaration)
        return fail(reply, request, 400, "An export declaration is required for a dutiable shipment");
      const paperless = b.valueAddedServices.some((v) => v.serviceCode === "WY");
      if (paperless && !b.documentImages.some((d) => d.typeCode === "INV"))
        return fail(
          reply,
          request,
          400,
          "Paperless trade (WY) requires the commercial invoice as a document image (INV)",
        );
      if (b.content.incoterm === "DDP" && !b.accounts.some((a) => a.typeCode === "duties-taxes"))
        return fail(reply, request, 400, "Incoterm DDP requires a duties-taxes account to bill");
      const receiver = b.customerDetails.receiverDetails;
      const awb = String(randomInt(1_000_000_000, 9_999_999_999));
      const shipment: DhlSimShipment = {
        awb,
        account: credentials.accountNumber,
        productCode: b.productCode,
        reference: b.customerReferences[0]?.value ?? "",
        name: receiver.contactInformation.fullName,
        address: String(receiver.postalAddress.addressLine1),
        city: receiver.postalAddress.cityName,
        postalCode: receiver.postalAddress.postalCode,
        countryCode: receiver.postalAddress.countryCode,
        invoiceNumber: declaration?.invoice.number ?? "",
        incoterm: b.content.incoterm,
        documents: Object.fromEntries(b.documentImages.map((d) => [d.typeCode, d.content])),
        step: "booked",
        history: [],
        shippingBill: null,
      };
      await db.insert(records).values({ kind: KIND, id: awb, awb, body: shipment });
      const label = await labelOf(shipment);
      return reply.status(201).send({
        url: `${request.protocol}://${request.host}${request.url}`,
        shipmentTrackingNumber: awb,
        trackingUrl: `/tracking/${awb}`,
        packages: [{ referenceNumber: 1, trackingNumber: `JD01460000${awb}` }],
        documents: [{ imageFormat: "PDF", content: label.toString("base64"), typeCode: "label" }],
      });
    });

    const labelOf = (s: DhlSimShipment) =>
      simulatedLabelPdf({
        awb: s.awb,
        courier: s.productCode === "P" ? "DHL EXPRESS WORLDWIDE" : "DHL ECONOMY SELECT",
        reference: s.reference,
        name: s.name,
        address: s.address,
        city: `${s.city}, ${s.countryCode}`,
        pincode: s.postalCode,
        cod: false,
        amount: 0,
      });

    app.get<{ Params: { awb: string }; Querystring: { typeCode?: string; shipperAccountNumber?: string } }>(
      "/shipments/:awb/get-image",
      hide,
      async (request, reply) => {
        if (!authorised(request, reply)) return reply;
        const shipment = await find(request.params.awb);
        if (!shipment || request.query.shipperAccountNumber !== shipment.account)
          return fail(reply, request, 404, "No shipment with this number for this account");
        const type = request.query.typeCode ?? "label";
        if (type === "label")
          return {
            documents: [
              { typeCode: "label", imageFormat: "PDF", content: (await labelOf(shipment)).toString("base64") },
            ],
          };
        const kind = type === "invoice" ? "INV" : type === "packing-list" ? "PNV" : null;
        const content = kind ? shipment.documents[kind] : undefined;
        if (!content) return fail(reply, request, 404, `No ${type} image for this shipment`);
        return { documents: [{ typeCode: type, imageFormat: "PDF", content }] };
      },
    );

    app.post("/pickups", hide, async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const body = z
        .object({
          plannedPickupDateAndTime: z.string().min(10),
          accounts: z.array(z.object({ typeCode: z.string(), number: z.string() })).min(1),
          customerDetails: z.object({ shipperDetails: z.object({ postalAddress: z.object({}).loose() }).loose() }),
        })
        .loose()
        .safeParse(request.body);
      if (!body.success) return fail(reply, request, 400, `Invalid field: ${body.error.issues[0]?.path.join(".")}`);
      if (!ownAccount(body.data.accounts))
        return fail(reply, request, 400, "The account number is not valid for this user");
      // The van collects every parcel of the account waiting at the address.
      const waiting = await db
        .select({ id: records.id })
        .from(records)
        .where(and(eq(records.kind, KIND), sql`${records.body}->>'step' = 'booked'`));
      for (const { id } of waiting) await change(id, (s) => s.step === "booked" && moveTo(s, "pickupScheduled"));
      return reply.status(201).send({
        dispatchConfirmationNumbers: [`PRG${randomInt(100_000_000, 999_999_999)}`],
        readyByTime: "10:00",
        nextPickupDate: body.data.plannedPickupDateAndTime.slice(0, 10),
      });
    });

    app.get<{ Params: { awb: string } }>("/shipments/:awb/tracking", hide, async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const shipment = await find(request.params.awb);
      if (!shipment) return fail(reply, request, 404, "No shipment found with this tracking number");
      return {
        shipments: [
          {
            shipmentTrackingNumber: shipment.awb,
            status: shipment.step,
            events: shipment.history.flatMap((h) => {
              const step = STEPS[h.step];
              return step
                ? [
                    {
                      date: h.at.slice(0, 10),
                      time: h.at.slice(11, 19),
                      GMTOffset: "+00:00",
                      typeCode: step.code,
                      description: step.text,
                      serviceArea: [{ code: "", description: h.location }],
                    },
                  ]
                : [];
            }),
          },
        ],
      };
    });

    /** DHL's public tracking page, bare: what the shopper's link opens. */
    app.get<{ Params: { awb: string } }>("/tracking/:awb", hide, async (request, reply) => {
      const shipment = await find(request.params.awb);
      if (!shipment) return reply.status(404).type("text/plain").send("No such waybill.");
      const lines = shipment.history
        .filter((h) => STEPS[h.step])
        .map((h) => `${h.at} ${STEPS[h.step]!.text} (${h.location})`);
      return reply
        .type("text/plain")
        .send(
          [`DHL Express (simulated) waybill ${shipment.awb}`, ...(lines.length ? lines : ["Label created"])].join("\n"),
        );
    });

    app.post<{ Params: { awb: string } }>(
      "/control/shipments/:awb",
      { ...hide, onRequest: control },
      async (request, reply) => {
        const body = controlBody.safeParse(request.body);
        if (!body.success) return reply.status(400).send({ message: "action must be advance, fail or deliver" });
        const moved = await move(request.params.awb, body.data.action);
        if (!moved) return reply.status(404).send({ message: "No such waybill." });
        if (!moved.ok) return reply.status(409).send({ message: "The parcel cannot make that move now." });
        const shipment = await find(request.params.awb);
        return { awb: request.params.awb, step: shipment?.step };
      },
    );
  };

  return { move, tick, stepMinutes, settled: () => sender.settled(), routes };
}
