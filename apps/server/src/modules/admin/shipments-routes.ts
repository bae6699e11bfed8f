import {
  adminIdParams,
  shipmentLabelsQuerySchema,
  shipmentOrdersSchema,
  shipmentResultsSchema,
  simulateShipmentSchema,
  adminOrderDetailSchema,
  errorBodySchema,
} from "@store/shared";
import { z } from "zod";
import { signedInUser } from "../accounts/auth-plugin";
import { ADMIN_ERRORS, type AdminApp } from "./route-kit";

export async function adminShipmentRoutes(app: AdminApp): Promise<void> {
  const shipments = app.services.admin.shipments;
  const orders = app.services.admin.orders;
  const tags = ["admin", "admin shipments"];
  const errors = { ...ADMIN_ERRORS, 422: errorBodySchema, 503: errorBodySchema };

  app.post(
    "/shipments",
    {
      schema: {
        tags,
        summary:
          "Book the courier for paid or COD-confirmed orders: each gets its AWB and ships, or is refused with the reason (results per order)",
        body: shipmentOrdersSchema,
        response: { 200: shipmentResultsSchema, ...errors },
      },
    },
    (request) => shipments.create(signedInUser(request), request.body.order_ids),
  );

  app.post(
    "/shipments/labels",
    {
      schema: {
        tags,
        summary:
          "Book the courier for those of these orders not booked yet and make every label ready to print; an order that cannot ship is listed with the reason (results per order; ok: its label is ready for labels.pdf)",
        body: shipmentOrdersSchema,
        response: { 200: shipmentResultsSchema, ...errors },
      },
    },
    (request) => shipments.prepareLabels(signedInUser(request), request.body.order_ids),
  );

  app.get(
    "/shipments/labels.pdf",
    {
      schema: {
        tags,
        summary: "The shipping labels of these orders (ids=1,2,3) merged into one PDF to print",
        querystring: shipmentLabelsQuerySchema,
        produces: ["application/pdf"],
        response: { 200: z.any().describe("The PDF"), ...errors },
      },
    },
    async (request, reply) => {
      const pdf = await shipments.labelsPdf(request.query.ids);
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `attachment; filename="labels-${new Date().toISOString().slice(0, 10)}.pdf"`)
        .header("cache-control", "no-store")
        .send(Buffer.from(pdf));
    },
  );

  for (const paper of ["commercial-invoice", "packing-list"] as const)
    app.get(
      `/orders/:id/${paper}.pdf`,
      {
        schema: {
          tags,
          summary:
            paper === "commercial-invoice"
              ? "An international order's commercial invoice for customs (HS codes, values in its currency, origin, LUT) as a PDF"
              : "An international order's packing list (its box, pieces and weight) as a PDF",
          params: adminIdParams,
          produces: ["application/pdf"],
          response: { 200: z.any().describe("The PDF"), ...errors, 404: errorBodySchema },
        },
      },
      async (request, reply) => {
        const file = await shipments.customsPaperPdf(request.params.id, paper);
        return reply
          .header("content-type", "application/pdf")
          .header("content-disposition", `attachment; filename="${file.filename}"`)
          .header("cache-control", "private, no-store")
          .send(file.pdf);
      },
    );

  app.post(
    "/shipments/pickup",
    {
      schema: {
        tags,
        summary: "Ask the courier to collect these orders' parcels (one request; results per order)",
        body: shipmentOrdersSchema,
        response: { 200: shipmentResultsSchema, ...errors },
      },
    },
    (request) => shipments.requestPickup(signedInUser(request), request.body.order_ids),
  );

  app.post(
    "/orders/:id/shipment/simulate",
    {
      schema: {
        tags,
        summary: "Simulated courier only: move the order's parcel one step, or fail its delivery (then RTO)",
        params: adminIdParams,
        body: simulateShipmentSchema,
        response: { 200: adminOrderDetailSchema, ...errors },
      },
    },
    async (request) => {
      await orders.detail(request.params.id);
      await shipments.simulate(request.params.id, request.body.action);
      return orders.detail(request.params.id);
    },
  );
}
