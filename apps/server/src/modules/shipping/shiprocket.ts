import { z } from "zod";
import { SELLER } from "@store/shared";
import { sameSignature } from "../payments/signatures";
import { callCourier, fetchFile } from "./http";
import {
  ShippingProviderError,
  ShippingWebhookRejected,
  type ParcelOrder,
  type ShippingProvider,
  type TrackingUpdate,
} from "./provider";
import { mapShiprocketStatus } from "./status-map";
import { parseCourierTime } from "./time";

export interface ShiprocketCredentials {
  email: string;
  password: string;
  /** The token Shiprocket sends in the webhook's `x-api-key` header; unset: every webhook is refused. */
  webhookSecret?: string;
  /** Read on every call: the simulator's address is known only once the server listens. */
  baseUrl: () => string;
  /** The shopper's tracking page of an AWB. */
  trackingUrl: (awb: string) => string;
  simulated: boolean;
}

/** Shiprocket tokens last 10 days (its documentation); renewed a day early, and at once after a 401. */
const TOKEN_DAYS = 9;

const idText = z.union([z.string(), z.number()]).transform(String);
/** An amount in rupees as Shiprocket writes it ("92" or 92.5), in paise; anything else is read as absent. */
const rupees = z
  .union([z.string(), z.number()])
  .transform((v) => Math.round(Number(v) * 100))
  .pipe(z.number().int().nonnegative())
  .optional()
  .catch(undefined);
const loginSchema = z.object({ token: z.string().min(1) }).loose();
const serviceabilitySchema = z
  .object({
    data: z
      .object({
        available_courier_companies: z
          .array(
            z
              .object({
                courier_company_id: z.number(),
                courier_name: z.string(),
                cod: z.union([z.number(), z.boolean()]),
                estimated_delivery_days: z.union([z.string(), z.number()]).nullish(),
              })
              .loose(),
          )
          .default([]),
      })
      .loose()
      .nullish(),
  })
  .loose();
const createdSchema = z.object({ order_id: idText, shipment_id: idText }).loose();
const awbSchema = z
  .object({
    awb_assign_status: z.number(),
    message: z.string().optional(),
    response: z
      .object({
        data: z
          .object({
            awb_code: idText,
            courier_name: z.string(),
            // The courier's rate for the parcel, in rupees (Shiprocket writes numbers or numeric strings).
            freight_charge: rupees.optional(),
            rto_charges: rupees.optional(),
          })
          .loose(),
      })
      .loose()
      .optional(),
  })
  .loose();
const labelSchema = z.object({ label_created: z.number().optional(), label_url: z.string().url() }).loose();
const pickupSchema = z
  .object({
    pickup_status: z.number().optional(),
    response: z.object({ pickup_scheduled_date: z.string().nullish() }).loose().optional(),
  })
  .loose();
const trackSchema = z
  .object({
    tracking_data: z
      .object({
        shipment_track_activities: z
          .array(
            z
              .object({
                date: z.string(),
                activity: z.string().nullish(),
                location: z.string().nullish(),
                "sr-status-label": z.string().nullish(),
              })
              .loose(),
          )
          .nullish(),
      })
      .loose(),
  })
  .loose();
/** The fields of a tracking webhook we read (Shiprocket sends more: scans, etd, courier_name...). */
const webhookSchema = z
  .object({
    awb: idText,
    current_status: z.string().min(1),
    current_status_id: z.union([z.number(), z.string()]).optional(),
    current_timestamp: z.string().optional(),
    scans: z.array(z.object({ location: z.string().nullish(), activity: z.string().nullish() }).loose()).optional(),
  })
  .loose();

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** The parcel as `orders/create/adhoc` wants it (amounts in rupees, weight in kg, sizes in cm). */
export function adhocOrderBody(parcel: ParcelOrder) {
  return {
    order_id: parcel.reference,
    order_date: istDateTime(parcel.orderDate),
    pickup_location: parcel.pickupLocation,
    billing_customer_name: parcel.name,
    billing_last_name: "",
    billing_address: parcel.address,
    billing_city: parcel.city,
    billing_pincode: parcel.pincode,
    billing_state: parcel.state,
    billing_country: "India",
    billing_email: parcel.email ?? "",
    billing_phone: parcel.phone,
    shipping_is_billing: true,
    order_items: parcel.items.map((item) => ({
      name: item.name,
      sku: item.sku,
      units: item.units,
      selling_price: item.unitPriceRupees,
    })),
    payment_method: parcel.cod ? "COD" : "Prepaid",
    sub_total: parcel.amountRupees,
    length: parcel.dimensionsCm.length,
    breadth: parcel.dimensionsCm.breadth,
    height: parcel.dimensionsCm.height,
    weight: parcel.weightKg,
    // Shiprocket's documented field for the consignment's e-way bill; absent below the limit.
    ...(parcel.eWayBillNumber && { ewaybill_no: parcel.eWayBillNumber }),
  };
}

/** A reverse pickup (`orders/create/return`): picked up at the shopper's, delivered to the seller's address. */
export function returnOrderBody(parcel: ParcelOrder) {
  const seller = SELLER.address;
  return {
    order_id: parcel.reference,
    order_date: istDateTime(parcel.orderDate).slice(0, 10),
    pickup_customer_name: parcel.name,
    pickup_address: parcel.address,
    pickup_city: parcel.city,
    pickup_state: parcel.state,
    pickup_country: "India",
    pickup_pincode: parcel.pincode,
    pickup_email: parcel.email ?? "",
    pickup_phone: parcel.phone,
    shipping_customer_name: SELLER.brand,
    shipping_address: `${seller.street}, ${seller.locality}`,
    shipping_city: seller.city,
    shipping_state: seller.region,
    shipping_country: "India",
    shipping_pincode: seller.postalCode,
    shipping_phone: SELLER.phones[0].replace(/\D/g, "").slice(-10),
    order_items: parcel.items.map((item) => ({
      name: item.name,
      sku: item.sku,
      units: item.units,
      selling_price: item.unitPriceRupees,
    })),
    payment_method: "Prepaid",
    sub_total: parcel.amountRupees,
    length: parcel.dimensionsCm.length,
    breadth: parcel.dimensionsCm.breadth,
    height: parcel.dimensionsCm.height,
    weight: parcel.weightKg,
  };
}

/** "2026-11-25 14:05" in India's time, as Shiprocket's examples write order dates. */
function istDateTime(date: Date): string {
  return new Date(date.getTime() + 330 * 60_000).toISOString().slice(0, 16).replace("T", " ");
}

/** Shiprocket's REST API (apiv2.shiprocket.in/v1/external): token login, orders, AWB, labels, pickups, tracking. */
export function createShiprocket(creds: ShiprocketCredentials): ShippingProvider {
  const url = (path: string) => `${creds.baseUrl()}${path}`;
  let token: { value: string; until: number } | null = null;

  async function authenticate(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const body = JSON.stringify({ email: creds.email, password: creds.password });
    const answer = await callCourier(
      url("/auth/login"),
      { method: "POST", headers: { "content-type": "application/json", accept: "application/json" }, body },
      loginSchema,
    );
    token = { value: answer.token, until: Date.now() + TOKEN_DAYS * 86_400_000 };
    return answer.token;
  }

  /** A call with the bearer token; a 401 (the token was revoked) logs in again once. */
  async function call<T>(method: "GET" | "POST", path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    const attempt = async () =>
      callCourier(
        url(path),
        {
          method,
          headers: {
            authorization: `Bearer ${await authenticate()}`,
            "content-type": "application/json",
            accept: "application/json",
          },
          ...(body !== undefined && { body: JSON.stringify(body) }),
        },
        schema,
      );
    try {
      return await attempt();
    } catch (err) {
      if (!(err instanceof ShippingProviderError) || err.status !== 401) throw err;
      token = null;
      return attempt();
    }
  }

  return {
    name: "shiprocket",
    simulated: creds.simulated,
    authenticate,

    async serviceability({ pickupPincode, deliveryPincode, weightKg, cod }) {
      const query = new URLSearchParams({
        pickup_postcode: pickupPincode,
        delivery_postcode: deliveryPincode,
        weight: String(weightKg),
        cod: cod ? "1" : "0",
      });
      const answer = await call("GET", `/courier/serviceability/?${query}`, serviceabilitySchema);
      return (answer.data?.available_courier_companies ?? []).map((c) => {
        const days = Number(c.estimated_delivery_days);
        return {
          courierId: c.courier_company_id,
          name: c.courier_name,
          cod: c.cod === 1 || c.cod === true,
          estimatedDays: Number.isFinite(days) && days > 0 ? days : null,
        };
      });
    },

    async createShipment(parcel) {
      const made = await call("POST", "/orders/create/adhoc", createdSchema, adhocOrderBody(parcel));
      return { providerOrderId: made.order_id, shipmentId: made.shipment_id };
    },

    async assignAwb(shipmentId, courierId) {
      const answer = await call("POST", "/courier/assign/awb", awbSchema, {
        shipment_id: shipmentId,
        ...(courierId !== undefined && { courier_id: courierId }),
      });
      const data = answer.response?.data;
      // Shiprocket answers 200 with awb_assign_status 0 when no courier takes the parcel.
      if (answer.awb_assign_status !== 1 || !data)
        throw new ShippingProviderError(
          "no AWB was assigned",
          200,
          answer.message ?? "No courier accepted the parcel.",
        );
      const charges =
        data.freight_charge !== undefined && data.rto_charges !== undefined
          ? { freightMinor: data.freight_charge, rtoMinor: data.rto_charges }
          : undefined;
      return { awb: data.awb_code, courier: data.courier_name, ...(charges && { charges }) };
    },

    async label(shipmentId) {
      const answer = await call("POST", "/courier/generate/label", labelSchema, { shipment_id: [shipmentId] });
      return fetchFile(answer.label_url);
    },

    async cancelShipment(awb) {
      await call("POST", "/orders/cancel/shipment/awbs", z.unknown(), { awbs: [awb] });
    },

    // POST /v1/external/ndr/{awb}/action: "re-attempt" (with deferred_date, address1, phone) or "return".
    async ndrAction(awb, instruction) {
      const body =
        instruction.action === "return"
          ? { action: "return", comments: instruction.comments }
          : {
              action: "re-attempt",
              comments: instruction.comments,
              ...(instruction.date && { deferred_date: instruction.date }),
              ...(instruction.address && { address1: instruction.address }),
              ...(instruction.phone && { phone: instruction.phone }),
            };
      await call("POST", `/ndr/${encodeURIComponent(awb)}/action`, z.unknown(), body);
    },

    async requestPickup(shipmentIds) {
      const answer = await call("POST", "/courier/generate/pickup", pickupSchema, { shipment_id: shipmentIds });
      return { scheduledFor: answer.response?.pickup_scheduled_date ?? null };
    },

    async track(awb) {
      const answer = await call("GET", `/courier/track/awb/${encodeURIComponent(awb)}`, trackSchema);
      return (answer.tracking_data.shipment_track_activities ?? []).flatMap((a): TrackingUpdate[] => {
        const raw = a["sr-status-label"] ?? a.activity ?? "";
        const at = parseCourierTime(a.date);
        return at
          ? [
              {
                awb,
                eventKey: `${awb}:${raw}:${a.date}`,
                status: mapShiprocketStatus(raw),
                rawStatus: raw,
                location: a.location ?? null,
                at,
              },
            ]
          : [];
      });
    },

    trackingUrl: creds.trackingUrl,

    parseWebhook(headers, rawBody) {
      const sent = header(headers, "x-api-key");
      if (!creds.webhookSecret || !sent || !sameSignature(sent, creds.webhookSecret))
        throw new ShippingWebhookRejected("the x-api-key token is missing or wrong", true);
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        throw new ShippingWebhookRejected("the body is not JSON", false);
      }
      const parsed = webhookSchema.safeParse(json);
      if (!parsed.success) throw new ShippingWebhookRejected("the body is not a tracking update", false);
      const hook = parsed.data;
      const time = hook.current_timestamp ?? "";
      return {
        awb: hook.awb,
        eventKey: `${hook.awb}:${hook.current_status_id ?? hook.current_status}:${time}`,
        status: mapShiprocketStatus(hook.current_status),
        rawStatus: hook.current_status,
        location: hook.scans?.at(-1)?.location ?? null,
        at: parseCourierTime(time) ?? new Date(),
        // The latest scan's activity carries the courier's reason on a failed attempt (NDR).
        remark: hook.scans?.at(-1)?.activity ?? null,
      };
    },

    async bookReturnPickup(parcel) {
      const made = await call("POST", "/orders/create/return", createdSchema, returnOrderBody(parcel));
      return { providerOrderId: made.order_id, shipmentId: made.shipment_id };
    },
  };
}
