import {
  adminAddressCheckSentSchema,
  adminIdParams,
  adminOrderDetailSchema,
  adminOrderListQuerySchema,
  adminOrderListResponseSchema,
  bulkShipResponseSchema,
  bulkShipSchema,
  cancelLinesSchema,
  deliveryCorrectionResponseSchema,
  deliveryCorrectionSchema,
  errorBodySchema,
  eWayBillNumberSchema,
  trackingCorrectionSchema,
  orderStatusChangeResponseSchema,
  orderStatusChangeSchema,
  orderLineParams,
  productionStatusChangeSchema,
  resolveAttentionSchema,
} from "@store/shared";
import { z } from "zod";
import { ADMIN_ERRORS, type AdminApp } from "./route-kit";
import { signedInUser } from "../accounts/auth-plugin";
import { sendPdf } from "../invoices/routes";

export async function adminOrderRoutes(app: AdminApp): Promise<void> {
  const orders = app.services.admin.orders;
  const tags = ["admin", "admin orders"];

  app.get(
    "/orders",
    {
      schema: {
        tags,
        summary: "Orders, newest first, filtered by status, IST dates, payment method and currency",
        querystring: adminOrderListQuerySchema,
        response: { 200: adminOrderListResponseSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => orders.list(request.query),
  );

  app.get(
    "/orders.csv",
    {
      schema: {
        tags,
        summary: "The filtered orders as a CSV file",
        querystring: adminOrderListQuerySchema,
        produces: ["text/csv"],
        response: { 200: z.string(), ...ADMIN_ERRORS },
      },
    },
    async (request, reply) => {
      const { page: _page, page_size: _size, ...filters } = request.query;
      const csv = await orders.csv(filters);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="orders-${day}.csv"`)
        .header("cache-control", "no-store")
        .send(csv);
    },
  );

  app.get(
    "/orders/:id",
    {
      schema: {
        tags,
        summary: "One order with its lines, payments and history",
        params: adminIdParams,
        response: { 200: adminOrderDetailSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => orders.detail(request.params.id),
  );

  app.post(
    "/orders/:id/status",
    {
      schema: {
        tags,
        summary:
          "Move the order along the state machine (shipped needs a tracking number; cancelled applies the refund policy)",
        params: adminIdParams,
        body: orderStatusChangeSchema,
        response: { 200: orderStatusChangeResponseSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => orders.change(signedInUser(request), request.params.id, request.body),
  );

  app.post(
    "/orders/:id/refund-retry",
    {
      schema: {
        tags,
        summary: "Try again the order's refunds the refund queue gave up on (failed)",
        params: adminIdParams,
        response: { 200: adminOrderDetailSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => orders.retryRefund(signedInUser(request), request.params.id),
  );

  app.post(
    "/orders/:id/shipment/recall",
    {
      schema: {
        tags,
        summary: "Ask the courier again to call a cancelled order's parcel back (after it could not be asked)",
        params: adminIdParams,
        response: { 200: adminOrderDetailSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => orders.recallParcel(signedInUser(request), request.params.id),
  );

  app.post(
    "/orders/:id/attention",
    {
      schema: {
        tags,
        summary: "Mark what the order was flagged for as settled (a cancelled order's parcel delivered all the same)",
        params: adminIdParams,
        body: resolveAttentionSchema,
        response: { 200: adminOrderDetailSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => orders.resolveAttention(signedInUser(request), request.params.id, request.body.note),
  );

  app.post(
    "/orders/ship",
    {
      schema: {
        tags,
        summary:
          "Ship several orders, each with its own tracking number; each is shipped or refused on its own (results per order)",
        body: bulkShipSchema,
        response: { 200: bulkShipResponseSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => orders.shipMany(signedInUser(request), request.body),
  );

  app.post(
    "/orders/:id/lines/:lineId/production",
    {
      schema: {
        tags,
        summary:
          "A made-to-order line's making, one step on (in_production, then ready); paid or confirmed orders not yet shipped",
        params: orderLineParams,
        body: productionStatusChangeSchema,
        response: { 200: adminOrderDetailSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => orders.setProduction(signedInUser(request), request.params.id, request.params.lineId, request.body),
  );

  app.patch(
    "/orders/:id/tracking",
    {
      schema: {
        tags,
        summary: "Correct a shipped order's tracking number (audited and in its history; not a status change)",
        params: adminIdParams,
        body: trackingCorrectionSchema,
        response: { 200: adminOrderDetailSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => orders.correctTracking(signedInUser(request), request.params.id, request.body),
  );

  app.post(
    "/orders/:id/cancel-lines",
    {
      schema: {
        tags,
        summary:
          "Cancel pieces of a paid or confirmed order before it ships: stock back, totals recomputed, their money refunded",
        params: adminIdParams,
        body: cancelLinesSchema,
        response: { 200: orderStatusChangeResponseSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => orders.cancelLines(signedInUser(request), request.params.id, request.body),
  );

  app.get(
    "/orders/:id/invoice.pdf",
    {
      schema: {
        tags,
        summary: "The order's GST tax invoice as a PDF",
        params: adminIdParams,
        produces: ["application/pdf"],
        response: { 200: z.any().describe("The PDF"), ...ADMIN_ERRORS },
      },
    },
    async (request, reply) => sendPdf(reply, await app.services.admin.invoices.adminInvoicePdf(request.params.id)),
  );

  app.get(
    "/credit-notes/:id.pdf",
    {
      schema: {
        tags,
        summary: "A credit note as a PDF",
        params: adminIdParams,
        produces: ["application/pdf"],
        response: { 200: z.any().describe("The PDF"), ...ADMIN_ERRORS },
      },
    },
    async (request, reply) => sendPdf(reply, await app.services.admin.invoices.adminCreditNotePdf(request.params.id)),
  );

  app.post(
    "/orders/:id/invoice",
    {
      schema: {
        tags,
        summary:
          "Issue the tax invoice of a confirmed order that has none (audited); 422 with the reason when the shop's tax data does not allow it yet",
        params: adminIdParams,
        response: { 200: adminOrderDetailSchema, ...ADMIN_ERRORS, 422: errorBodySchema },
      },
    },
    (request) => orders.issueInvoice(signedInUser(request), request.params.id),
  );

  app.get(
    "/invoices/:id.pdf",
    {
      schema: {
        tags,
        summary: "A tax invoice by its id as a PDF (an order's earlier invoice, replaced after an address correction)",
        params: adminIdParams,
        produces: ["application/pdf"],
        response: { 200: z.any().describe("The PDF"), ...ADMIN_ERRORS },
      },
    },
    async (request, reply) => sendPdf(reply, await app.services.admin.invoices.adminInvoicePdfById(request.params.id)),
  );

  app.put(
    "/orders/:id/delivery-address",
    {
      schema: {
        tags,
        summary:
          "Correct a paid order's Indian delivery address before it ships, with checkout's checks (owner, audited); the invoice is issued again when the place of supply or a required detail changes",
        params: adminIdParams,
        body: deliveryCorrectionSchema,
        response: { 200: deliveryCorrectionResponseSchema, ...ADMIN_ERRORS, 422: errorBodySchema },
      },
    },
    (request) => orders.correctAddress(signedInUser(request), request.params.id, request.body),
  );

  app.post(
    "/orders/:id/address-check",
    {
      schema: {
        tags,
        summary:
          "Ask the shopper (WhatsApp where opted in, else e-mail) to confirm or correct a flagged Indian address before booking (audited)",
        params: adminIdParams,
        response: { 200: adminAddressCheckSentSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => orders.sendAddressCheck(signedInUser(request), request.params.id),
  );

  app.put(
    "/orders/:id/e-way-bill",
    {
      schema: {
        tags,
        summary:
          "Enter the number of the e-way bill of an order whose consignment needs one (audited); the courier's booking carries it",
        params: adminIdParams,
        body: eWayBillNumberSchema,
        response: { 200: adminOrderDetailSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => orders.eWayBill.recordNumber(signedInUser(request), request.params.id, request.body),
  );

  app.get(
    "/orders/:id/e-way-bill.json",
    {
      schema: {
        tags,
        summary: "The order's e-way bill data in the NIC portal's bulk generation JSON, made from its tax invoice",
        params: adminIdParams,
        produces: ["application/json"],
        response: { 200: z.any().describe("The portal's JSON file"), ...ADMIN_ERRORS },
      },
    },
    async (request, reply) => {
      const { filename, json } = await orders.eWayBill.file(request.params.id);
      return reply
        .header("content-disposition", `attachment; filename="${filename}"`)
        .header("cache-control", "private, no-store")
        .send(json);
    },
  );
}
