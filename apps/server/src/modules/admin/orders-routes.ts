import {
  adminIdParams,
  adminOrderDetailSchema,
  adminOrderListQuerySchema,
  adminOrderListResponseSchema,
  bulkShipResponseSchema,
  bulkShipSchema,
  cancelLinesSchema,
  trackingCorrectionSchema,
  orderStatusChangeResponseSchema,
  orderStatusChangeSchema,
} from "@store/shared";
import { z } from "zod";
import { ADMIN_ERRORS, type AdminApp } from "./route-kit";
import { signedInUser } from "../accounts/auth-plugin";

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
        summary: "Try again a refund the refund queue gave up on (the payment shows refund_failed)",
        params: adminIdParams,
        response: { 200: adminOrderDetailSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => orders.retryRefund(signedInUser(request), request.params.id),
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
}
