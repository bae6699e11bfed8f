import {
  deliveryOutcomesQuerySchema,
  deliveryOutcomesResponseSchema,
  salesReportQuerySchema,
  salesReportResponseSchema,
} from "@store/shared";
import { z } from "zod";
import { ADMIN_ERRORS, type AdminApp } from "./route-kit";

/** The sales report (issue 13): by IST day, product or category, per currency, and the same as CSV. */
export async function adminSalesRoutes(app: AdminApp): Promise<void> {
  const sales = app.services.admin.sales;
  const tags = ["admin", "admin sales"];

  app.get(
    "/sales",
    {
      schema: {
        tags,
        summary: "Orders, pieces and revenue per currency by IST day, product or category (counted orders only)",
        querystring: salesReportQuerySchema,
        response: { 200: salesReportResponseSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => sales.report(request.query),
  );

  app.get(
    "/sales.csv",
    {
      schema: {
        tags,
        summary: "The sales report as a CSV file",
        querystring: salesReportQuerySchema,
        produces: ["text/csv"],
        response: { 200: z.string(), ...ADMIN_ERRORS },
      },
    },
    async (request, reply) => {
      const { from, to, group } = request.query;
      const csv = await sales.csv(request.query);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="sales-by-${group}-${from}-to-${to}.csv"`)
        .header("cache-control", "no-store")
        .send(csv);
    },
  );
}

/** Delivery outcomes (issue 43 point 1, decision 091): delivered against RTO, six ways, and the same as CSV. */
export async function adminDeliveryOutcomesRoutes(app: AdminApp): Promise<void> {
  const outcomes = app.services.admin.deliveryOutcomes;
  const tags = ["admin", "admin sales"];

  app.get(
    "/delivery-outcomes",
    {
      schema: {
        tags,
        summary: "Parcels delivered and returned to origin by payment, customer, value, courier, state and PIN code",
        querystring: deliveryOutcomesQuerySchema,
        response: { 200: deliveryOutcomesResponseSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => outcomes.report(request.query),
  );

  app.get(
    "/delivery-outcomes.csv",
    {
      schema: {
        tags,
        summary: "Delivery outcomes as a CSV file",
        querystring: deliveryOutcomesQuerySchema,
        produces: ["text/csv"],
        response: { 200: z.string(), ...ADMIN_ERRORS },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const csv = await outcomes.csv(request.query);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="delivery-outcomes-${from}-to-${to}.csv"`)
        .header("cache-control", "no-store")
        .send(csv);
    },
  );
}
